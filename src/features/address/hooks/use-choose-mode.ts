import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useCanGoBack } from '../../../shared/lib/use-can-go-back';
import type { Address } from '../../../api';
import { backDataKeys } from '../../../shared/config/back-data';
import { paths } from '../../../shared/config/paths';
import { useAppDispatch } from '../../../store/hooks';
import { backDataMerged } from '../../../store/session.slice';

/** What a screen opened in choose mode may carry in its navigation state. */
export interface ChooseState {
  choose?: boolean;
  /** How many history entries to go back to reach the screen that asked (2 from the form via the list). */
  backSteps?: number;
}

/**
 * Choose mode (checkout picks an address): opened with `?choose=1` or `state.choose`. `choose(address)`
 * hands the address back through the session's backData and returns to the screen that asked.
 */
export function useChooseMode() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const state = (location.state ?? {}) as ChooseState;
  const choosing = params.get('choose') === '1' || state.choose === true;
  const backSteps = state.backSteps ?? 1;
  const canGoBack = useCanGoBack();

  const choose = useCallback(
    (address: Address) => {
      dispatch(backDataMerged({ [backDataKeys.chosenAddress]: address }));
      // Opened as the first entry (a deep link or a reload): there is nothing to go back to.
      if (canGoBack(backSteps)) navigate(-backSteps);
      else navigate(paths.checkout, { replace: true });
    },
    [dispatch, navigate, canGoBack, backSteps],
  );

  return { choosing, choose };
}
