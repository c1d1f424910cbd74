/**
 * The server's own message texts, localized by the `lang` request header (the SPA's
 * interface language file_name). English is the key and the fallback.
 */
import { accountMessages } from './i18n-account';
import { catalogMessages } from './i18n-catalog';

export const LOCALES = ['en', 'zh-CN', 'ri', 'han', 'tai'] as const;
export type Locale = (typeof LOCALES)[number];

type Translations = Record<Exclude<Locale, 'en'>, string>;

const catalog = {
  // Account, addresses and customer service (i18n-account.ts).
  ...accountMessages,
  // Catalog, likes, shops and follows (i18n-catalog.ts).
  ...catalogMessages,
  'Please login first': {
    'zh-CN': '请先登录',
    ri: 'まずログインしてください',
    han: '먼저 로그인해 주세요',
    tai: 'กรุณาเข้าสู่ระบบก่อน',
  },
  'Account or password is incorrect': {
    'zh-CN': '账号或密码错误',
    ri: 'アカウントまたはパスワードが正しくありません',
    han: '계정 또는 비밀번호가 올바르지 않습니다',
    tai: 'บัญชีหรือรหัสผ่านไม่ถูกต้อง',
  },
  'Please input account and password': {
    'zh-CN': '请输入账号和密码',
    ri: 'アカウントとパスワードを入力してください',
    han: '계정과 비밀번호를 입력해 주세요',
    tai: 'กรุณากรอกบัญชีและรหัสผ่าน',
  },
  'This account already exists': {
    'zh-CN': '该账号已存在',
    ri: 'このアカウントは既に存在します',
    han: '이미 존재하는 계정입니다',
    tai: 'บัญชีนี้มีอยู่แล้ว',
  },
  'Passwords do not match': {
    'zh-CN': '两次输入的密码不一致',
    ri: 'パスワードが一致しません',
    han: '비밀번호가 일치하지 않습니다',
    tai: 'รหัสผ่านไม่ตรงกัน',
  },
  'Please enter a correct mobile phone number': {
    'zh-CN': '请输入正确的手机号码',
    ri: '正しい携帯電話番号を入力してください',
    han: '올바른 휴대폰 번호를 입력해 주세요',
    tai: 'กรุณากรอกหมายเลขโทรศัพท์มือถือที่ถูกต้อง',
  },
  'Please fill correct email': {
    'zh-CN': '请填写正确的邮箱',
    ri: '正しいメールアドレスを入力してください',
    han: '올바른 이메일을 입력해 주세요',
    tai: 'กรุณากรอกอีเมลที่ถูกต้อง',
  },
  'Username must be 3-20 letters, digits or underscores': {
    'zh-CN': '用户名须为 3-20 位字母、数字或下划线',
    ri: 'ユーザー名は 3〜20 文字の英数字またはアンダースコアで入力してください',
    han: '사용자 이름은 3~20자의 영문, 숫자 또는 밑줄이어야 합니다',
    tai: 'ชื่อผู้ใช้ต้องเป็นตัวอักษร ตัวเลข หรือขีดล่าง 3-20 ตัว',
  },
  'Password must be at least 6 characters': {
    'zh-CN': '密码至少需要 6 位',
    ri: 'パスワードは 6 文字以上で入力してください',
    han: '비밀번호는 6자 이상이어야 합니다',
    tai: 'รหัสผ่านต้องมีอย่างน้อย 6 ตัวอักษร',
  },
  'Please enter a nickname': {
    'zh-CN': '请输入昵称',
    ri: 'ニックネームを入力してください',
    han: '닉네임을 입력해 주세요',
    tai: 'กรุณากรอกชื่อเล่น',
  },
  'Login Success': {
    'zh-CN': '登录成功',
    ri: 'ログインしました',
    han: '로그인 성공',
    tai: 'เข้าสู่ระบบสำเร็จ',
  },
  'Register Success': {
    'zh-CN': '注册成功',
    ri: '登録が完了しました',
    han: '회원가입 성공',
    tai: 'ลงทะเบียนสำเร็จ',
  },
  'Setting Success': {
    'zh-CN': '设置成功',
    ri: '設定しました',
    han: '설정 성공',
    tai: 'ตั้งค่าสำเร็จ',
  },
  'Logout Success': {
    'zh-CN': '退出登录成功',
    ri: 'ログアウトしました',
    han: '로그아웃 성공',
    tai: 'ออกจากระบบสำเร็จ',
  },
  Success: {
    'zh-CN': '成功',
    ri: '成功しました',
    han: '성공',
    tai: 'สำเร็จ',
  },
  'Language not found': {
    'zh-CN': '语言不存在',
    ri: '言語が見つかりません',
    han: '언어를 찾을 수 없습니다',
    tai: 'ไม่พบภาษา',
  },
  'Not found': {
    'zh-CN': '接口不存在',
    ri: '見つかりません',
    han: '찾을 수 없습니다',
    tai: 'ไม่พบ',
  },
  'Method not allowed': {
    'zh-CN': '不支持该请求方法',
    ri: 'このメソッドは使用できません',
    han: '허용되지 않는 요청 방식입니다',
    tai: 'ไม่อนุญาตให้ใช้วิธีนี้',
  },
  'Server error, please try again later': {
    'zh-CN': '服务器错误，请稍后再试',
    ri: 'サーバーエラーです。しばらくしてからもう一度お試しください',
    han: '서버 오류입니다. 잠시 후 다시 시도해 주세요',
    tai: 'เซิร์ฟเวอร์ขัดข้อง กรุณาลองใหม่ภายหลัง',
  },
  'Invalid request': {
    'zh-CN': '请求无效',
    ri: '無効なリクエストです',
    han: '잘못된 요청입니다',
    tai: 'คำขอไม่ถูกต้อง',
  },
  'Please fill correct amount': {
    'zh-CN': '请填写正确的金额',
    ri: '正しい金額を入力してください',
    han: '올바른 금액을 입력해 주세요',
    tai: 'กรุณากรอกจำนวนเงินที่ถูกต้อง',
  },
  'Please upload payment evidence': {
    'zh-CN': '请上传支付凭证',
    ri: '支払い証明をアップロードしてください',
    han: '결제 증빙을 업로드해 주세요',
    tai: 'กรุณาอัปโหลดหลักฐานการชำระเงิน',
  },
  'Please choose charge network': {
    'zh-CN': '请选择充值网络',
    ri: 'チャージするネットワークを選択してください',
    han: '충전 네트워크를 선택해 주세요',
    tai: 'กรุณาเลือกเครือข่ายสำหรับเติมเงิน',
  },
  'The deposit address does not match the network': {
    'zh-CN': '充值地址与网络不匹配',
    ri: '入金アドレスがネットワークと一致しません',
    han: '입금 주소가 네트워크와 일치하지 않습니다',
    tai: 'ที่อยู่สำหรับฝากไม่ตรงกับเครือข่าย',
  },
  'Application successful': {
    'zh-CN': '申请成功',
    ri: '申請しました',
    han: '신청 성공',
    tai: 'ส่งคำขอสำเร็จ',
  },
  'Draw amount cannot be less than or equal to 0 or empty': {
    'zh-CN': '提现金额不能小于或等于 0 或为空',
    ri: '出金額は空欄または 0 以下にできません',
    han: '출금 금액은 비어 있거나 0 이하일 수 없습니다',
    tai: 'จำนวนเงินที่ถอนต้องไม่ว่างและต้องมากกว่า 0',
  },
  'Draw amount cannot be larger than balance': {
    'zh-CN': '提现金额不能大于余额',
    ri: '出金額は残高を超えることはできません',
    han: '출금 금액은 잔액보다 클 수 없습니다',
    tai: 'จำนวนเงินที่ถอนต้องไม่มากกว่ายอดคงเหลือ',
  },
  'Draw Success': {
    'zh-CN': '提现申请成功',
    ri: '出金を申請しました',
    han: '출금 신청 성공',
    tai: 'ส่งคำขอถอนเงินสำเร็จ',
  },
  // extract_log's mark, the record's title line: the masked card, or the network and the address.
  'Bank card withdrawal {n}': {
    'zh-CN': '银行卡提现 {n}',
    ri: '銀行カードへの出金 {n}',
    han: '은행 카드 출금 {n}',
    tai: 'ถอนเงินเข้าบัตรธนาคาร {n}',
  },
  '{network} withdrawal {n}': {
    'zh-CN': '{network} 提现 {n}',
    ri: '{network} 出金 {n}',
    han: '{network} 출금 {n}',
    tai: 'ถอน {network} {n}',
  },
  'Please enter a correct bank card number': {
    'zh-CN': '请输入正确的银行卡号',
    ri: '正しい銀行カード番号を入力してください',
    han: '올바른 은행 카드 번호를 입력해 주세요',
    tai: 'กรุณากรอกหมายเลขบัตรธนาคารที่ถูกต้อง',
  },
  'Please enter the bank name': {
    'zh-CN': '请输入银行名称',
    ri: '銀行名を入力してください',
    han: '은행 이름을 입력해 주세요',
    tai: 'กรุณากรอกชื่อธนาคาร',
  },
  'Please enter the card holder name': {
    'zh-CN': '请输入持卡人姓名',
    ri: 'カード名義人を入力してください',
    han: '카드 소유자 이름을 입력해 주세요',
    tai: 'กรุณากรอกชื่อผู้ถือบัตร',
  },
  'Please choose the withdrawal network': {
    'zh-CN': '请选择提现网络',
    ri: '出金ネットワークを選択してください',
    han: '출금 네트워크를 선택해 주세요',
    tai: 'กรุณาเลือกเครือข่ายสำหรับถอนเงิน',
  },
  'Please enter a correct receiving address': {
    'zh-CN': '请输入正确的收款地址',
    ri: '正しい受取アドレスを入力してください',
    han: '올바른 수취 주소를 입력해 주세요',
    tai: 'กรุณากรอกที่อยู่รับเงินที่ถูกต้อง',
  },
  'Please verify the payment code first': {
    'zh-CN': '请先验证支付密码',
    ri: '先に支払いパスワードを確認してください',
    han: '먼저 결제 비밀번호를 확인해 주세요',
    tai: 'กรุณายืนยันรหัสชำระเงินก่อน',
  },
  'Pay Fail': {
    'zh-CN': '支付密码错误',
    ri: '支払いパスワードが正しくありません',
    han: '결제 비밀번호가 올바르지 않습니다',
    tai: 'รหัสชำระเงินไม่ถูกต้อง',
  },
  'Too many wrong payment codes. Try again in {n} minutes': {
    'zh-CN': '支付密码错误次数过多，请 {n} 分钟后再试',
    ri: '支払いパスワードの誤りが多すぎます。{n} 分後にもう一度お試しください',
    han: '결제 비밀번호 오류가 너무 많습니다. {n}분 후에 다시 시도해 주세요',
    tai: 'กรอกรหัสชำระเงินผิดหลายครั้งเกินไป กรุณาลองใหม่ใน {n} นาที',
  },
  'Incorrect payment code': {
    'zh-CN': '原支付密码错误',
    ri: '現在の支払いパスワードが正しくありません',
    han: '기존 결제 비밀번호가 올바르지 않습니다',
    tai: 'รหัสชำระเงินเดิมไม่ถูกต้อง',
  },
  'Please enter the current payment code': {
    'zh-CN': '请输入原支付密码',
    ri: '現在の支払いパスワードを入力してください',
    han: '기존 결제 비밀번호를 입력해 주세요',
    tai: 'กรุณากรอกรหัสชำระเงินปัจจุบัน',
  },
  'Payment code must be exactly 6 digits': {
    'zh-CN': '支付密码必须为 6 位数字',
    ri: '支払いパスワードは 6 桁の数字で入力してください',
    han: '결제 비밀번호는 숫자 6자리여야 합니다',
    tai: 'รหัสชำระเงินต้องเป็นตัวเลข 6 หลัก',
  },
  'New password must be different from the old one': {
    'zh-CN': '新密码不能与旧密码相同',
    ri: '新しいパスワードは古いパスワードと異なる必要があります',
    han: '새 비밀번호는 기존 비밀번호와 달라야 합니다',
    tai: 'รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านเดิม',
  },
  'Change Successful': {
    'zh-CN': '修改成功',
    ri: '変更しました',
    han: '변경 성공',
    tai: 'เปลี่ยนสำเร็จ',
  },
  'This Idempotency-Key was already used for a different request': {
    'zh-CN': '该 Idempotency-Key 已用于另一个不同的请求',
    ri: 'この Idempotency-Key は別のリクエストで既に使用されています',
    han: '이 Idempotency-Key는 이미 다른 요청에 사용되었습니다',
    tai: 'Idempotency-Key นี้ถูกใช้กับคำขออื่นแล้ว',
  },
  'Upload successful': {
    'zh-CN': '上传成功',
    ri: 'アップロードしました',
    han: '업로드 성공',
    tai: 'อัปโหลดสำเร็จ',
  },
  'Please choose an image to upload': {
    'zh-CN': '请选择要上传的图片',
    ri: 'アップロードする画像を選択してください',
    han: '업로드할 이미지를 선택해 주세요',
    tai: 'กรุณาเลือกรูปภาพที่จะอัปโหลด',
  },
  'Only JPEG, PNG, GIF or WebP images can be uploaded': {
    'zh-CN': '仅支持上传 JPEG、PNG、GIF 或 WebP 图片',
    ri: 'アップロードできるのは JPEG、PNG、GIF、WebP 画像のみです',
    han: 'JPEG, PNG, GIF 또는 WebP 이미지만 업로드할 수 있습니다',
    tai: 'อัปโหลดได้เฉพาะรูปภาพ JPEG, PNG, GIF หรือ WebP',
  },
  'Upload one image at a time': {
    'zh-CN': '一次只能上传一张图片',
    ri: '画像は 1 枚ずつアップロードしてください',
    han: '이미지는 한 번에 하나씩 업로드해 주세요',
    tai: 'กรุณาอัปโหลดรูปภาพทีละรูป',
  },
  'The image must be at most 5 MB': {
    'zh-CN': '图片不能超过 5 MB',
    ri: '画像は 5 MB 以下にしてください',
    han: '이미지는 5MB 이하여야 합니다',
    tai: 'รูปภาพต้องมีขนาดไม่เกิน 5 MB',
  },
  'Opening balance': {
    'zh-CN': '期初余额',
    ri: '初期残高',
    han: '기초 잔액',
    tai: 'ยอดยกมา',
  },
  'Top up': {
    'zh-CN': '充值',
    ri: 'チャージ',
    han: '충전',
    tai: 'เติมเงิน',
  },
  Withdrawal: {
    'zh-CN': '提现',
    ri: '出金',
    han: '출금',
    tai: 'ถอนเงิน',
  },
  'Withdrawal refused: returned': {
    'zh-CN': '提现被拒绝：已退回',
    ri: '出金が却下されました：返金済み',
    han: '출금 거절: 반환됨',
    tai: 'การถอนเงินถูกปฏิเสธ: คืนเงินแล้ว',
  },
  // Problems named after a field by request validation: '<field>: <problem>'.
  // A text a shopper typed is longer than its field takes.
  'Please enter at most {n} characters': {
    'zh-CN': '最多可输入 {n} 个字符',
    ri: '{n} 文字以内で入力してください',
    han: '최대 {n}자까지 입력할 수 있습니다',
    tai: 'กรอกได้ไม่เกิน {n} ตัวอักษร',
  },
  'is required': {
    'zh-CN': '为必填项',
    ri: 'は必須です',
    han: '필수 항목입니다',
    tai: 'จำเป็นต้องกรอก',
  },
  'is invalid': {
    'zh-CN': '格式不正确',
    ri: 'の形式が正しくありません',
    han: '형식이 올바르지 않습니다',
    tai: 'รูปแบบไม่ถูกต้อง',
  },
  'has the wrong type': {
    'zh-CN': '类型不正确',
    ri: 'の型が正しくありません',
    han: '유형이 올바르지 않습니다',
    tai: 'ชนิดข้อมูลไม่ถูกต้อง',
  },
  'must be at least {n} characters': {
    'zh-CN': '至少需要 {n} 个字符',
    ri: 'は {n} 文字以上で入力してください',
    han: '{n}자 이상이어야 합니다',
    tai: 'ต้องมีอย่างน้อย {n} ตัวอักษร',
  },
  'must be at most {n} characters': {
    'zh-CN': '最多 {n} 个字符',
    ri: 'は {n} 文字以内で入力してください',
    han: '{n}자 이하여야 합니다',
    tai: 'ต้องไม่เกิน {n} ตัวอักษร',
  },
  'must be at least {n}': {
    'zh-CN': '不能小于 {n}',
    ri: 'は {n} 以上にしてください',
    han: '{n} 이상이어야 합니다',
    tai: 'ต้องไม่น้อยกว่า {n}',
  },
  'must be at most {n}': {
    'zh-CN': '不能大于 {n}',
    ri: 'は {n} 以下にしてください',
    han: '{n} 이하여야 합니다',
    tai: 'ต้องไม่มากกว่า {n}',
  },
  'must be one of: {n}': {
    'zh-CN': '必须是以下之一：{n}',
    ri: 'は次のいずれかにしてください: {n}',
    han: '다음 중 하나여야 합니다: {n}',
    tai: 'ต้องเป็นค่าใดค่าหนึ่งต่อไปนี้: {n}',
  },
  'is not allowed': {
    'zh-CN': '不允许',
    ri: 'は使用できません',
    han: '허용되지 않습니다',
    tai: 'ไม่อนุญาต',
  },
} satisfies Record<string, Translations>;

export type MessageKey = keyof typeof catalog;

const aliases: Record<string, Locale> = {
  en: 'en',
  'en-us': 'en',
  'zh-cn': 'zh-CN',
  zh: 'zh-CN',
  'zh-hans': 'zh-CN',
  ri: 'ri',
  ja: 'ri',
  han: 'han',
  ko: 'han',
  tai: 'tai',
  th: 'tai',
};

/** Maps a `lang` header value (any case, a few ISO aliases) to a locale; default English. */
export function resolveLocale(value: unknown): Locale {
  if (typeof value !== 'string') return 'en';
  return aliases[value.trim().toLowerCase()] ?? 'en';
}

/** Translates a catalog message, filling `{n}`. */
export function t(locale: Locale, key: MessageKey, n?: string | number): string {
  const entry: Translations = catalog[key];
  const text = locale === 'en' ? key : entry[locale];
  return n === undefined ? text : text.replace('{n}', String(n));
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(catalog, key);
}
