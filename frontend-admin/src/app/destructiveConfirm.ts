import type { ModalFuncProps } from 'antd';

/**
 * What every confirmation of a destructive action (delete a shop or an admin, restore over the
 * directory, leave with unsaved edits) shares: the destructive button is red, and focus starts on
 * the safe choice (Cancel), so Delete followed by a reflexive Enter cancels instead of deleting.
 * antd focuses OK by default.
 */
export const DESTRUCTIVE_CONFIRM = {
  okButtonProps: { danger: true },
  focusable: { autoFocusButton: 'cancel' },
} as const satisfies ModalFuncProps;
