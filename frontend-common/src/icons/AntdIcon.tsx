// Stands in for @ant-design/icons' component of its two-tone icons (see decorative.tsx).
import AntdIcon from '@ant-design/icons/es/components/AntdIcon';
import { decorative } from './decorative';

export default decorative(AntdIcon);
