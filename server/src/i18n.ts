/**
 * The server's own message texts, localized by the `lang` request header (the SPA's
 * interface language file_name). English is the key and the fallback.
 */
export const LOCALES = ['en', 'zh-CN', 'ri', 'han', 'tai'] as const;
export type Locale = (typeof LOCALES)[number];

type Translations = Record<Exclude<Locale, 'en'>, string>;

const catalog = {
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
  // Problems named after a field by request validation: '<field>: <problem>'.
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
