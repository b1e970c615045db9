export * from './shop';
export * from './safeUrl';
export * from './logo';
export * from './i18n';
export * from './a11y';
export * from './antd';
export * from './ShopLogo';
