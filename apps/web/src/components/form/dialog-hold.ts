import { createContext } from 'react';

/** Set by a FormDialog: a Form inside it says when it is busy, and the dialog then cannot be closed. */
export const DialogHoldContext = createContext<(busy: boolean) => void>(() => undefined);
