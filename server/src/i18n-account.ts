/**
 * Server messages of the account, address and customer-service routes (profile, passwords,
 * verification codes, notification preferences, addresses, shop service), merged into the
 * catalog of i18n.ts. English is the key.
 */
type Translations = Record<'zh-CN' | 'ri' | 'han' | 'tai', string>;

export const accountMessages = {
  'Save successful': {
    'zh-CN': '保存成功',
    ri: '保存しました',
    han: '저장 성공',
    tai: 'บันทึกสำเร็จ',
  },
  'Delete Success': {
    'zh-CN': '删除成功',
    ri: '削除しました',
    han: '삭제 성공',
    tai: 'ลบสำเร็จ',
  },
  'Please change at least one field': {
    'zh-CN': '请至少修改一项',
    ri: '少なくとも 1 つの項目を変更してください',
    han: '하나 이상의 항목을 변경해 주세요',
    tai: 'กรุณาแก้ไขอย่างน้อยหนึ่งรายการ',
  },
  'The avatar must be an image you uploaded': {
    'zh-CN': '头像必须是您上传的图片',
    ri: 'アバターはアップロードした画像を指定してください',
    han: '아바타는 직접 업로드한 이미지여야 합니다',
    tai: 'รูปโปรไฟล์ต้องเป็นรูปภาพที่คุณอัปโหลด',
  },
  'Nickname must be at most 30 characters': {
    'zh-CN': '昵称最多 30 个字符',
    ri: 'ニックネームは 30 文字以内で入力してください',
    han: '닉네임은 30자 이하여야 합니다',
    tai: 'ชื่อเล่นต้องไม่เกิน 30 ตัวอักษร',
  },
  'This email is already used by another account': {
    'zh-CN': '该邮箱已被其他账号使用',
    ri: 'このメールアドレスは他のアカウントで使用されています',
    han: '이 이메일은 이미 다른 계정에서 사용 중입니다',
    tai: 'อีเมลนี้ถูกใช้กับบัญชีอื่นแล้ว',
  },
  'Please enter the old password': {
    'zh-CN': '请输入原密码',
    ri: '現在のパスワードを入力してください',
    han: '기존 비밀번호를 입력해 주세요',
    tai: 'กรุณากรอกรหัสผ่านเดิม',
  },
  'The old password is incorrect': {
    'zh-CN': '原密码错误',
    ri: '現在のパスワードが正しくありません',
    han: '기존 비밀번호가 올바르지 않습니다',
    tai: 'รหัสผ่านเดิมไม่ถูกต้อง',
  },
  'Password must be at most 64 characters': {
    'zh-CN': '密码最多 64 个字符',
    ri: 'パスワードは 64 文字以内で入力してください',
    han: '비밀번호는 64자 이하여야 합니다',
    tai: 'รหัสผ่านต้องไม่เกิน 64 ตัวอักษร',
  },
  'Please enter the 6-digit verification code': {
    'zh-CN': '请输入 6 位验证码',
    ri: '6 桁の認証コードを入力してください',
    han: '6자리 인증 코드를 입력해 주세요',
    tai: 'กรุณากรอกรหัสยืนยัน 6 หลัก',
  },
  'Incorrect verification code': {
    'zh-CN': '验证码错误',
    ri: '認証コードが正しくありません',
    han: '인증 코드가 올바르지 않습니다',
    tai: 'รหัสยืนยันไม่ถูกต้อง',
  },
  'The verification code has expired. Please ask for a new one': {
    'zh-CN': '验证码已失效，请重新获取',
    ri: '認証コードの有効期限が切れました。新しいコードを取得してください',
    han: '인증 코드가 만료되었습니다. 새 코드를 요청해 주세요',
    tai: 'รหัสยืนยันหมดอายุแล้ว กรุณาขอรหัสใหม่',
  },
  'Too many wrong codes. Please ask for a new one': {
    'zh-CN': '验证码错误次数过多，请重新获取',
    ri: '認証コードの誤りが多すぎます。新しいコードを取得してください',
    han: '인증 코드 오류가 너무 많습니다. 새 코드를 요청해 주세요',
    tai: 'กรอกรหัสยืนยันผิดหลายครั้งเกินไป กรุณาขอรหัสใหม่',
  },
  'Please wait {n} seconds before asking for another code': {
    'zh-CN': '请等待 {n} 秒后再重新获取验证码',
    ri: '{n} 秒後にもう一度コードを取得してください',
    han: '{n}초 후에 다시 코드를 요청해 주세요',
    tai: 'กรุณารอ {n} วินาทีก่อนขอรหัสใหม่',
  },
  'Verification code sent': {
    'zh-CN': '验证码已发送',
    ri: '認証コードを送信しました',
    han: '인증 코드를 보냈습니다',
    tai: 'ส่งรหัสยืนยันแล้ว',
  },
  'Address not found': {
    'zh-CN': '地址不存在',
    ri: '住所が見つかりません',
    han: '주소를 찾을 수 없습니다',
    tai: 'ไม่พบที่อยู่',
  },
  'Please enter the addressee': {
    'zh-CN': '请输入收货人',
    ri: '受取人を入力してください',
    han: '받는 사람을 입력해 주세요',
    tai: 'กรุณากรอกชื่อผู้รับ',
  },
  'Please choose the area': {
    'zh-CN': '请选择所在地区',
    ri: '地域を選択してください',
    han: '지역을 선택해 주세요',
    tai: 'กรุณาเลือกพื้นที่',
  },
  'Please enter the detailed address': {
    'zh-CN': '请输入详细地址',
    ri: '詳細な住所を入力してください',
    han: '상세 주소를 입력해 주세요',
    tai: 'กรุณากรอกที่อยู่โดยละเอียด',
  },
  'Please enter a tag': {
    'zh-CN': '请输入标签',
    ri: 'タグを入力してください',
    han: '태그를 입력해 주세요',
    tai: 'กรุณากรอกป้ายกำกับ',
  },
  'Please enter the calling code': {
    'zh-CN': '请选择国际区号',
    ri: '国番号を選択してください',
    han: '국가 번호를 선택해 주세요',
    tai: 'กรุณาเลือกรหัสประเทศ',
  },
  'You can save at most {n} addresses': {
    'zh-CN': '最多只能保存 {n} 个地址',
    ri: '保存できる住所は最大 {n} 件です',
    han: '주소는 최대 {n}개까지 저장할 수 있습니다',
    tai: 'บันทึกที่อยู่ได้สูงสุด {n} รายการ',
  },
  'Shop not found': {
    'zh-CN': '店铺不存在',
    ri: 'ショップが見つかりません',
    han: '상점을 찾을 수 없습니다',
    tai: 'ไม่พบร้านค้า',
  },
} satisfies Record<string, Translations>;
