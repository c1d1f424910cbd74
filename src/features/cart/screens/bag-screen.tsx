import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { confirmDialog, warmConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useDeleteCartLinesMutation, useGetCartQuery, type CartLine } from '../../../api';
import { useFreshRead } from '../../../api/first-screen-reads';
import { backDataKeys } from '../../../shared/config/back-data';
import { paths } from '../../../shared/config/paths';
import { formatMoney } from '../../../../common/money-format';
import { Page } from '../../../shared/ui/page';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { useAppDispatch } from '../../../store/hooks';
import { backDataCleared, backDataMerged } from '../../../store/session.slice';
import { BagLine } from '../components/bag-line';
import { BagShop } from '../components/bag-shop';
import { Check } from '../components/check';
import { useQuantityEditor } from '../hooks/use-quantity-editor';
import {
  anyLine,
  groupByShop,
  isSelectable,
  pruneSelection,
  selectedLines,
  selectedTotal,
  selectionState,
  setSelected,
  shownQuantity,
} from '../lib/bag';
import '../cart.css';

/**
 * The session backData key /checkout reads the bag's selection from: `{ cartIds: number[] }`.
 * (Buy now from the product page writes `buyNow` instead; the bag clears it so the newest intent wins.)
 */

const NO_LINES: CartLine[] = [];

/**
 * /bag (DESIGN.md section 4): a kept-alive tab, reloaded on every visit (React re-runs a kept screen's
 * effects when it is shown again, so refetchOnMountOrArgChange fires then too). Lines grouped by shop,
 * selection per line, shop and bag, debounced quantities, delete by swipe or in the edit mode, the
 * selected total (display only), and checkout of the selection.
 */
export default function BagScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const totalId = useId();
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
  const allState = selectionState(lines, selected, canSelect);
  const money = (value: string) => formatMoney(value, intl.locale);

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

  const editToggle =
    lines.length > 0 ? (
      <button
        type="button"
        className="button button--ghost bag-edit"
        aria-pressed={editing}
        onClick={() => setEditing((value) => !value)}
      >
        <FormattedMessage id={editing ? 'cart.edit.done' : 'cart.edit.start'} />
      </button>
    ) : undefined;

  const footer =
    lines.length > 0 ? (
      <div className="bag-bar">
        <Check
          className="bag-bar__all"
          checked={allState === 'all'}
          indeterminate={allState === 'some'}
          onChange={(on) => select(lines, on)}
          label={intl.formatMessage({ id: 'cart.select.all' })}
        >
          <FormattedMessage id="cart.select.allShort" />
        </Check>
        {editing ? (
          <button
            type="button"
            className="button button--danger-outline bag-bar__action"
            disabled={busy}
            onClick={() =>
              picked.length === 0 ? toast.show(intl.formatMessage({ id: 'cart.delete.nothing' })) : void remove(picked)
            }
          >
            <FormattedMessage id="cart.delete.selected" values={{ count: picked.length }} />
          </button>
        ) : (
          <>
            <p className="bag-bar__total" id={totalId} aria-live="polite">
              <span className="bag-bar__total-label">
                <FormattedMessage id="cart.total" />
              </span>
              <strong className="bag-bar__total-amount">{money(selectedTotal(lines, selected, editor.drafts))}</strong>
            </p>
            <button
              type="button"
              className="button bag-bar__action"
              disabled={busy}
              aria-busy={busy}
              aria-describedby={totalId}
              onClick={() => void checkout()}
            >
              <FormattedMessage id="cart.checkout" values={{ count: picked.length }} />
            </button>
          </>
        )}
      </div>
    ) : undefined;

  let content: React.ReactNode;
  if (cart.isLoading) content = <LoadingState />;
  else if (cart.isError && !cart.data) content = <ErrorState error={cart.error} onRetry={() => void cart.refetch()} />;
  else if (lines.length === 0) {
    content = (
      <div className="bag-empty">
        <EmptyState
          title={<FormattedMessage id="cart.empty.title" />}
          description={<FormattedMessage id="cart.empty.description" />}
        />
        <Link to={paths.home} className="button bag-empty__action">
          <FormattedMessage id="cart.empty.action" />
        </Link>
      </div>
    );
  } else {
    content = groupByShop(lines).map((group) => (
      <BagShop
        // The one group of lines that do not say their shop has no mer_id: it still needs a key.
        key={group.merId ?? 'lines-without-shop'}
        merId={group.merId}
        name={group.name}
        avatar={group.avatar}
        state={selectionState(group.lines, selected, canSelect)}
        disabled={!group.lines.some(canSelect)}
        onSelect={(on) => select(group.lines, on)}
      >
        {group.lines.map((line) => (
          <BagLine
            key={line.cart_id}
            line={line}
            quantity={shownQuantity(line, editor.drafts)}
            selected={selected.has(line.cart_id)}
            selectable={canSelect(line)}
            onSelect={(on) => select([line], on)}
            onQuantity={(value) => editor.change(line.cart_id, value)}
            onDelete={() => void remove([line])}
          />
        ))}
      </BagShop>
    ));
  }

  return (
    <Page
      title={intl.formatMessage({ id: 'route.bag' })}
      back={false}
      right={editToggle}
      footer={footer}
      className="bag"
    >
      {content}
    </Page>
  );
}
