import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { confirmDialog, warmConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useDeleteCartLinesMutation, useGetCartQuery, type CartLine } from '../../../api';
import { useFreshRead } from '../../../api/first-screen-reads';
import { backDataKeys } from '../../../shared/config/back-data';
import { paths } from '../../../shared/config/paths';
import { toast } from '../../../shared/ui/toast';
import { useAppDispatch } from '../../../store/hooks';
import { backDataCleared, backDataMerged } from '../../../store/session.slice';
import { anyLine, isSelectable, pruneSelection, selectedLines, selectionState, setSelected } from '../lib/bag';
import { useQuantityEditor } from './use-quantity-editor';

const NO_LINES: CartLine[] = [];

/**
 * /bag's flow (DESIGN.md section 4): the bag read on every visit, the quantities (useQuantityEditor),
 * the selection (in stock lines to buy; any line in the edit mode, to delete), delete after a
 * confirmation, and checkout of the selection: unsent quantities go first, then the selection is
 * handed to /checkout in backData (`cartIds`; a buy now left there is cleared so the newest intent wins).
 */
export function useBag() {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  // Reloaded on every visit, except the first render of a page opened at /bag, which drew from the
  // read made for it just now (src/api/first-screen-reads.ts).
  const cart = useGetCartQuery(undefined, { refetchOnMountOrArgChange: !useFreshRead('getCart') });
  const lines = cart.data?.data?.carts ?? NO_LINES;
  const editor = useQuantityEditor(lines, cart.fulfilledTimeStamp);
  const [deleteLines] = useDeleteCartLinesMutation();
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set());
  const [busy, setBusy] = useState(false);
  const hasLines = lines.length > 0;
  // Deleting asks first: the dialog's code loads once the lines have drawn.
  useEffect(() => {
    if (hasLines) warmConfirmDialog();
  }, [hasLines]);

  const canSelect = editing ? anyLine : isSelectable;
  // Lines deleted elsewhere or sold out since drop out of the selection.
  const selected = pruneSelection(chosen, lines, canSelect);
  const picked = editing ? lines.filter((line) => selected.has(line.cart_id)) : selectedLines(lines, selected);

  const select = (targets: readonly CartLine[], on: boolean) =>
    setChosen(setSelected(selected, targets, on, canSelect));

  const remove = async (targets: readonly CartLine[]) => {
    if (targets.length === 0) return;
    const confirmed = await confirmDialog({
      title: intl.formatMessage({ id: 'cart.delete.title' }),
      content:
        targets.length === 1
          ? intl.formatMessage({ id: 'cart.delete.one' }, { title: targets[0]!.goods.title })
          : intl.formatMessage({ id: 'cart.delete.many' }, { count: targets.length }),
      confirmText: intl.formatMessage({ id: 'cart.delete.action' }),
      cancelText: intl.formatMessage({ id: 'common.cancel' }),
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      const ids = targets.map((line) => line.cart_id);
      await deleteLines({ deleteCartLinesRequest: { cart_ids: ids.join(',') } }).unwrap();
      ids.forEach(editor.forget);
      setChosen(setSelected(selected, targets, false, anyLine));
      toast.success(intl.formatMessage({ id: 'common.deleteSuccess' }));
    } catch {
      // The request layer showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  const checkout = async () => {
    if (picked.length === 0) {
      toast.show(intl.formatMessage({ id: 'validation.selectToCheckout' }));
      return;
    }
    setBusy(true);
    // The preview prices what the server has: unsent quantities go first.
    await editor.flushAll();
    setBusy(false);
    dispatch(backDataCleared([backDataKeys.buyNow, backDataKeys.chosenAddress]));
    dispatch(backDataMerged({ [backDataKeys.cartIds]: picked.map((line) => line.cart_id) }));
    navigate(paths.checkout);
  };

  return {
    /** getCart: loading, its error and retry. */
    cart,
    lines,
    /** The quantities as shown (drafts not yet sent) and their changes. */
    editor,
    /** The edit mode: every line selectable, to delete. */
    editing,
    toggleEditing: () => setEditing((value) => !value),
    /** Which lines a checkbox may select now. */
    canSelect,
    selected,
    /** The selected lines the footer acts on. */
    picked,
    /** 'all', 'some' or 'none' of the lines selected, for the bag's own checkbox. */
    allState: selectionState(lines, selected, canSelect),
    select,
    /** Deletes lines after a confirmation. */
    remove,
    /** The edit mode's delete: the selected lines, or a hint to select some. */
    removePicked: () =>
      picked.length === 0 ? toast.show(intl.formatMessage({ id: 'cart.delete.nothing' })) : void remove(picked),
    checkout,
    /** A delete or a checkout is under way. */
    busy,
  };
}
