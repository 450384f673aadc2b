import { createContext } from 'react';

/** Set by a FormDialog: a Form inside it says when it is busy, and the dialog then cannot be closed. */
export const DialogHoldContext = createContext<(busy: boolean) => void>(() => undefined);

/** Set by a FormDialog: closes it (what Radix's Dialog.Close does), for its form's Cancel button. */
export const DialogCloseContext = createContext<() => void>(() => undefined);
