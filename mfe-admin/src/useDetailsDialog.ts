import { useEffect, useState } from 'react';
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

  return {
    openId,
    open(id: string) {
      setOpenId(id);
      dispatch(fetchDetails(id));
    },
    close() {
      setOpenId(null);
      dispatch(resetDetails());
    },
  };
}
