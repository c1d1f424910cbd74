import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { paths } from '../../../shared/config/paths';
import { Page } from '../../../shared/ui/page';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { BagBar } from '../components/bag-bar';
import { BagLine } from '../components/bag-line';
import { BagShop } from '../components/bag-shop';
import { useBag } from '../hooks/use-bag';
import { groupByShop, selectedTotal, selectionState, shownQuantity } from '../lib/bag';
import '../cart.css';

/**
 * /bag (DESIGN.md section 4): a kept-alive tab, reloaded on every visit (React re-runs a kept screen's
 * effects when it is shown again, so refetchOnMountOrArgChange fires then too). Lines grouped by shop,
 * selection per line, shop and bag, debounced quantities, delete by swipe or in the edit mode, the
 * selected total (display only), and checkout of the selection (useBag).
 */
export default function BagScreen() {
  const intl = useIntl();
  const bag = useBag();
  const { cart, lines, editor, selected, canSelect, select } = bag;

  const editToggle =
    lines.length > 0 ? (
      <button
        type="button"
        className="button button--ghost bag-edit"
        aria-pressed={bag.editing}
        onClick={bag.toggleEditing}
      >
        <FormattedMessage id={bag.editing ? 'cart.edit.done' : 'cart.edit.start'} />
      </button>
    ) : undefined;

  const footer =
    lines.length > 0 ? (
      <BagBar
        allState={bag.allState}
        onSelectAll={(on) => select(lines, on)}
        editing={bag.editing}
        count={bag.picked.length}
        total={selectedTotal(lines, selected, editor.drafts)}
        busy={bag.busy}
        onDelete={bag.removePicked}
        onCheckout={() => void bag.checkout()}
      />
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
            onDelete={() => void bag.remove([line])}
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
