export * from './shop';
export * from './safeUrl';
export * from './logo';
export * from './i18n';
export * from './antd';
export * from './ShopLogo';
export * from './catalogChanges';
