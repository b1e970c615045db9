// Stands in for @ant-design/icons' component of its one-colour icons (see decorative.tsx).
import AntdIconLight from '@ant-design/icons/es/components/AntdIconLight';
import { decorative } from './decorative';

export default decorative(AntdIconLight);
