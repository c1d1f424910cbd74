/**
 * Server messages of the catalog routes (products, likes, shops, follows), merged into the catalog
 * of i18n.ts. English is the key. ('Shop not found' lives in i18n-account.ts.)
 */
type Translations = Record<'zh-CN' | 'ri' | 'han' | 'tai', string>;

export const catalogMessages = {
  'Product not found': {
    'zh-CN': '商品不存在',
    ri: '商品が見つかりません',
    han: '상품을 찾을 수 없습니다',
    tai: 'ไม่พบสินค้า',
  },
  'Follow Success': {
    'zh-CN': '关注成功',
    ri: 'フォローしました',
    han: '팔로우했습니다',
    tai: 'ติดตามสำเร็จ',
  },
  'Unfollow Success': {
    'zh-CN': '已取消关注',
    ri: 'フォローを解除しました',
    han: '팔로우를 취소했습니다',
    tai: 'เลิกติดตามสำเร็จ',
  },
  'Added to favourites': {
    'zh-CN': '已收藏',
    ri: 'お気に入りに追加しました',
    han: '찜 목록에 추가했습니다',
    tai: 'เพิ่มในรายการโปรดแล้ว',
  },
  'Removed from favourites': {
    'zh-CN': '已取消收藏',
    ri: 'お気に入りから削除しました',
    han: '찜 목록에서 삭제했습니다',
    tai: 'นำออกจากรายการโปรดแล้ว',
  },
} satisfies Record<string, Translations>;
