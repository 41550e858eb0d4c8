import { useCallback, useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { UnknownAction } from '@reduxjs/toolkit';

/**
 * A list screen's details dialog: opening it loads the record, closing it forgets the record, and so does
 * leaving the screen with the dialog open (a customer's details must not stay around in memory).
 */
export function useDetailsDialog(fetchDetails: (id: string) => UnknownAction, resetDetails: () => UnknownAction) {
  const dispatch = useDispatch();
  const [openId, setOpenId] = useState<string | null>(null);

  useEffect(
    () => () => {
      dispatch(resetDetails());
    },
    [dispatch, resetDetails],
  );

  // Stable, so a screen can open a record from an effect (a link naming it).
  const open = useCallback(
    (id: string) => {
      setOpenId(id);
      dispatch(fetchDetails(id));
    },
    [dispatch, fetchDetails],
  );
  const close = useCallback(() => {
    setOpenId(null);
    dispatch(resetDetails());
  }, [dispatch, resetDetails]);
  return { openId, open, close };
}
