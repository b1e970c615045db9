import { forwardRef, type ComponentType, type Ref } from 'react';

/** What antd's icon components take that matters here; the rest passes through. */
type IconProps = { role?: string } & Record<string, unknown>;

/**
 * An antd icon that is decoration unless its caller names it. antd draws every icon as
 * `<span role="img" aria-label="edit">`: inside a button or a link, whose name is its text (or
 * its own aria-label), that role is ignored and the icon's English file name is read into the
 * control's name a second time. So an icon is hidden from assistive technology (no role, no
 * label, `aria-hidden`), the icons antd draws inside its own widgets (a dialog's close button,
 * the pager's arrows, a notice's close button, which antd labels on the icon too) included. An
 * icon that means something on its own is asked for with `role="img"` and an `aria-label`, and
 * stays an image with that name. The webpack config and the Jest preset put this in front of antd's icon
 * component for every icon (`ICON_COMPONENTS` in webpack/createConfig.mjs), so no call site can
 * forget it.
 */
export function decorative(component: unknown) {
  // antd's two icon components differ in their prop types; both take these.
  const Icon = component as ComponentType<IconProps & { ref?: Ref<HTMLSpanElement> }>;
  const Decorative = forwardRef<HTMLSpanElement, IconProps>((props, ref) => {
    const image = props.role === 'img';
    const hidden = image
      ? {}
      : { role: undefined, 'aria-label': undefined, 'aria-labelledby': undefined, 'aria-hidden': true };
    return <Icon {...props} {...hidden} ref={ref} />;
  });
  Decorative.displayName = 'DecorativeIcon';
  return Decorative;
}
