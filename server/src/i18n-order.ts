/**
 * Server messages of the bag, checkout, payment, order, refund and review routes and of the
 * operators' order commands (bill titles and logistics marks shown to the shopper). English is the
 * key. Placeholders: `{n}` (a number or amount) and `{title}` (a product title).
 *
 * These messages are kept apart from the shared catalog of i18n.ts and looked up by tOrder(), which
 * falls back to that catalog for the shared keys ('Success', 'Delete Success', 'Address not
 * found', 'Product not found', 'Application successful', 'Please verify the payment code first').
 */
import { isMessageKey, t, type Locale } from './i18n';

type Translations = Record<'zh-CN' | 'ri' | 'han' | 'tai', string>;

export const orderMessages = {
  // ---- bag --------------------------------------------------------------------------------
  'Added to bag': {
    'zh-CN': '已加入购物袋',
    ri: 'カートに追加しました',
    han: '장바구니에 담았습니다',
    tai: 'เพิ่มลงในตะกร้าแล้ว',
  },
  'Please choose one value of every specification': {
    'zh-CN': '请为每个规格选择一个选项',
    ri: 'すべての仕様からそれぞれ 1 つ選択してください',
    han: '모든 옵션에서 하나씩 선택해 주세요',
    tai: 'กรุณาเลือกตัวเลือกหนึ่งค่าในทุกสเปก',
  },
  'This product is out of stock': {
    'zh-CN': '该商品已售罄',
    ri: 'この商品は在庫切れです',
    han: '품절된 상품입니다',
    tai: 'สินค้านี้หมดสต็อก',
  },
  'Not enough stock (only {n} left)': {
    'zh-CN': '库存不足（仅剩 {n} 件）',
    ri: '在庫が足りません（残り {n} 点）',
    han: '재고가 부족합니다 (남은 수량 {n}개)',
    tai: 'สินค้าในสต็อกไม่พอ (เหลือเพียง {n} ชิ้น)',
  },
  'Not enough stock for {title} (only {n} left)': {
    'zh-CN': '{title} 库存不足（仅剩 {n} 件）',
    ri: '{title} の在庫が足りません（残り {n} 点）',
    han: '{title}의 재고가 부족합니다 (남은 수량 {n}개)',
    tai: '{title} มีสินค้าในสต็อกไม่พอ (เหลือเพียง {n} ชิ้น)',
  },
  '{title} is out of stock': {
    'zh-CN': '{title} 已售罄',
    ri: '{title} は在庫切れです',
    han: '{title}은(는) 품절되었습니다',
    tai: '{title} หมดสต็อก',
  },
  '{title} is no longer available': {
    'zh-CN': '{title} 已下架',
    ri: '{title} は販売を終了しました',
    han: '{title}은(는) 더 이상 판매되지 않습니다',
    tai: '{title} ไม่มีจำหน่ายแล้ว',
  },
  'Please choose a quantity from 1 to 999': {
    'zh-CN': '请选择 1 到 999 之间的数量',
    ri: '数量は 1〜999 の範囲で選択してください',
    han: '수량은 1~999 사이로 선택해 주세요',
    tai: 'กรุณาเลือกจำนวนระหว่าง 1 ถึง 999',
  },
  'Bag item not found': {
    'zh-CN': '购物袋中没有该商品',
    ri: 'カートの商品が見つかりません',
    han: '장바구니 상품을 찾을 수 없습니다',
    tai: 'ไม่พบสินค้าในตะกร้า',
  },
  // ---- checkout ----------------------------------------------------------------------------
  'Please select item to checkout': {
    'zh-CN': '请选择要结算的商品',
    ri: '購入する商品を選択してください',
    han: '결제할 상품을 선택해 주세요',
    tai: 'กรุณาเลือกสินค้าที่จะชำระเงิน',
  },
  'Invalid promo code': {
    'zh-CN': '优惠码无效',
    ri: 'プロモーションコードが無効です',
    han: '유효하지 않은 프로모션 코드입니다',
    tai: 'รหัสโปรโมชันไม่ถูกต้อง',
  },
  'This promo code needs goods worth at least {n}': {
    'zh-CN': '该优惠码需商品金额满 {n}',
    ri: 'このプロモーションコードは商品合計 {n} 以上で利用できます',
    han: '이 프로모션 코드는 상품 금액이 {n} 이상일 때 사용할 수 있습니다',
    tai: 'รหัสโปรโมชันนี้ใช้ได้เมื่อยอดสินค้าอย่างน้อย {n}',
  },
  'Create Order Success': {
    'zh-CN': '下单成功',
    ri: '注文を作成しました',
    han: '주문이 생성되었습니다',
    tai: 'สร้างคำสั่งซื้อสำเร็จ',
  },
  // ---- payment -----------------------------------------------------------------------------
  'Order not found': {
    'zh-CN': '订单不存在',
    ri: '注文が見つかりません',
    han: '주문을 찾을 수 없습니다',
    tai: 'ไม่พบคำสั่งซื้อ',
  },
  'Insufficient balance': {
    'zh-CN': '余额不足',
    ri: '残高が不足しています',
    han: '잔액이 부족합니다',
    tai: 'ยอดเงินคงเหลือไม่เพียงพอ',
  },
  'This order has already been paid': {
    'zh-CN': '该订单已支付',
    ri: 'この注文は支払い済みです',
    han: '이미 결제된 주문입니다',
    tai: 'คำสั่งซื้อนี้ชำระเงินแล้ว',
  },
  'This order cannot be paid': {
    'zh-CN': '该订单无法支付',
    ri: 'この注文は支払いできません',
    han: '이 주문은 결제할 수 없습니다',
    tai: 'ไม่สามารถชำระเงินสำหรับคำสั่งซื้อนี้ได้',
  },
  'Pay Success': {
    'zh-CN': '支付成功',
    ri: '支払いが完了しました',
    han: '결제 성공',
    tai: 'ชำระเงินสำเร็จ',
  },
  // ---- order actions -----------------------------------------------------------------------
  'This order cannot be cancelled': {
    'zh-CN': '该订单无法取消',
    ri: 'この注文はキャンセルできません',
    han: '이 주문은 취소할 수 없습니다',
    tai: 'ไม่สามารถยกเลิกคำสั่งซื้อนี้ได้',
  },
  'Order cancelled': {
    'zh-CN': '订单已取消',
    ri: '注文をキャンセルしました',
    han: '주문이 취소되었습니다',
    tai: 'ยกเลิกคำสั่งซื้อแล้ว',
  },
  'This order cannot be confirmed': {
    'zh-CN': '该订单无法确认收货',
    ri: 'この注文は受け取り確認できません',
    han: '이 주문은 수령 확인할 수 없습니다',
    tai: 'ไม่สามารถยืนยันการรับสินค้าของคำสั่งซื้อนี้ได้',
  },
  'Receipt confirmed': {
    'zh-CN': '已确认收货',
    ri: '受け取りを確認しました',
    han: '수령을 확인했습니다',
    tai: 'ยืนยันการรับสินค้าแล้ว',
  },
  'This order cannot be deleted': {
    'zh-CN': '该订单无法删除',
    ri: 'この注文は削除できません',
    han: '이 주문은 삭제할 수 없습니다',
    tai: 'ไม่สามารถลบคำสั่งซื้อนี้ได้',
  },
  // ---- refunds -----------------------------------------------------------------------------
  'This order cannot be refunded': {
    'zh-CN': '该订单无法申请退款',
    ri: 'この注文は返金を申請できません',
    han: '이 주문은 환불을 신청할 수 없습니다',
    tai: 'ไม่สามารถขอคืนเงินสำหรับคำสั่งซื้อนี้ได้',
  },
  'You have already submitted a refund request': {
    'zh-CN': '您已提交过退款申请',
    ri: '返金申請はすでに送信済みです',
    han: '이미 환불 신청을 제출했습니다',
    tai: 'คุณได้ส่งคำขอคืนเงินแล้ว',
  },
  'Refund amount must be greater than 0': {
    'zh-CN': '退款金额必须大于 0',
    ri: '返金額は 0 より大きくしてください',
    han: '환불 금액은 0보다 커야 합니다',
    tai: 'จำนวนเงินคืนต้องมากกว่า 0',
  },
  'The refund cannot be more than the {n} paid': {
    'zh-CN': '退款金额不能超过实付金额 {n}',
    ri: '返金額は支払額 {n} を超えることはできません',
    han: '환불 금액은 결제 금액 {n}을(를) 초과할 수 없습니다',
    tai: 'จำนวนเงินคืนต้องไม่เกินยอดที่ชำระ {n}',
  },
  'Please choose a refund reason': {
    'zh-CN': '请选择退款原因',
    ri: '返金理由を選択してください',
    han: '환불 사유를 선택해 주세요',
    tai: 'กรุณาเลือกเหตุผลในการขอคืนเงิน',
  },
  'Please describe the reason for the refund': {
    'zh-CN': '请填写退款说明',
    ri: '返金の説明を入力してください',
    han: '환불 설명을 입력해 주세요',
    tai: 'กรุณาอธิบายเหตุผลในการขอคืนเงิน',
  },
  'Please upload proof images': {
    'zh-CN': '请上传凭证图片',
    ri: '証明画像をアップロードしてください',
    han: '증빙 이미지를 업로드해 주세요',
    tai: 'กรุณาอัปโหลดรูปภาพหลักฐาน',
  },
  'Please choose products of this order': {
    'zh-CN': '请选择该订单中的商品',
    ri: 'この注文の商品を選択してください',
    han: '이 주문의 상품을 선택해 주세요',
    tai: 'กรุณาเลือกสินค้าในคำสั่งซื้อนี้',
  },
  'At most {n} images': {
    'zh-CN': '最多 {n} 张图片',
    ri: '画像は {n} 枚までです',
    han: '이미지는 최대 {n}장입니다',
    tai: 'รูปภาพได้สูงสุด {n} รูป',
  },
  // ---- reviews -----------------------------------------------------------------------------
  'This order cannot be reviewed': {
    'zh-CN': '该订单暂不能评价',
    ri: 'この注文はまだレビューできません',
    han: '이 주문은 아직 리뷰할 수 없습니다',
    tai: 'ยังไม่สามารถรีวิวคำสั่งซื้อนี้ได้',
  },
  'This product is not in this order': {
    'zh-CN': '该订单中没有此商品',
    ri: 'この商品はこの注文に含まれていません',
    han: '이 주문에 없는 상품입니다',
    tai: 'สินค้านี้ไม่อยู่ในคำสั่งซื้อนี้',
  },
  'This product has already been reviewed': {
    'zh-CN': '该商品已评价',
    ri: 'この商品はレビュー済みです',
    han: '이미 리뷰한 상품입니다',
    tai: 'สินค้านี้รีวิวแล้ว',
  },
  'Please give a rating from 1 to 5': {
    'zh-CN': '请给出 1 到 5 分的评分',
    ri: '1〜5 の評価を付けてください',
    han: '1~5점 사이로 평가해 주세요',
    tai: 'กรุณาให้คะแนน 1 ถึง 5',
  },
  'Review content cannot be empty': {
    'zh-CN': '评价内容不能为空',
    ri: 'レビュー内容を入力してください',
    han: '리뷰 내용을 입력해 주세요',
    tai: 'เนื้อหารีวิวต้องไม่ว่างเปล่า',
  },
  'Photos must be images you uploaded': {
    'zh-CN': '图片必须是您上传的图片',
    ri: '写真はアップロードした画像を指定してください',
    han: '사진은 직접 업로드한 이미지여야 합니다',
    tai: 'รูปภาพต้องเป็นรูปที่คุณอัปโหลด',
  },
  'Thank you for your review': {
    'zh-CN': '感谢您的评价',
    ri: 'レビューありがとうございます',
    han: '리뷰해 주셔서 감사합니다',
    tai: 'ขอบคุณสำหรับรีวิวของคุณ',
  },
  // ---- ledger titles and logistics marks (stored in English, shown localized) ---------------
  'Order payment': {
    'zh-CN': '订单支付',
    ri: '注文の支払い',
    han: '주문 결제',
    tai: 'ชำระค่าคำสั่งซื้อ',
  },
  Refund: {
    'zh-CN': '退款',
    ri: '返金',
    han: '환불',
    tai: 'คืนเงิน',
  },
  'Order packed by the shop': {
    'zh-CN': '商家已打包',
    ri: 'ショップが梱包しました',
    han: '판매자가 상품을 포장했습니다',
    tai: 'ร้านค้าแพ็กสินค้าแล้ว',
  },
  'Parcel handed to the carrier': {
    'zh-CN': '包裹已交给快递',
    ri: '荷物を配送業者に引き渡しました',
    han: '택배사에 소포를 인계했습니다',
    tai: 'ส่งพัสดุให้บริษัทขนส่งแล้ว',
  },
} satisfies Record<string, Translations>;

export type OrderMessageKey = keyof typeof orderMessages;

/** A key of either catalog: the order messages above or the shared catalog of i18n.ts. */
export type AnyMessageKey = OrderMessageKey | Parameters<typeof t>[1];

export function isOrderMessageKey(key: string): key is OrderMessageKey {
  return Object.prototype.hasOwnProperty.call(orderMessages, key);
}

/**
 * Translates an order message (or, failing that, a shared catalog message), filling `{n}` and
 * `{title}`. A number or string for `vars` fills `{n}`.
 */
export function tOrder(
  locale: Locale,
  key: AnyMessageKey,
  vars?: string | number | { n?: string | number; title?: string },
): string {
  let text: string;
  if (isOrderMessageKey(key)) {
    const entry: Translations = orderMessages[key];
    text = locale === 'en' ? key : entry[locale];
  } else {
    text = t(locale, key);
  }
  const v = typeof vars === 'object' ? vars : vars === undefined ? {} : { n: vars };
  if (v.n !== undefined) text = text.replace('{n}', String(v.n));
  if (v.title !== undefined) text = text.replace('{title}', v.title);
  return text;
}

/** A stored text (bill title, logistics mark) in the request's language when it is a known key. */
export function localizeStored(locale: Locale, stored: string): string {
  if (isOrderMessageKey(stored)) return tOrder(locale, stored);
  return isMessageKey(stored) ? t(locale, stored) : stored;
}
