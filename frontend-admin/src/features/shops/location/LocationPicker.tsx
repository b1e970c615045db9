import {
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Alert, Button, Flex, Form, Typography } from 'antd';
import type { FormInstance } from 'antd/es/form';
import { checkShop, isFarFromState, stateBounds } from 'contract';
import { useAdminTranslation } from '../../../i18n';
import type { ShopFormValues } from '../shopValidation';
import { coordinatesOfGoogleMapsLink, type Coordinates } from './googleMapsLink';
import type { LocationMapProps } from './LocationMap';

const loadLocationMap = () => import(/* webpackChunkName: "location-map" */ './LocationMap');

/** Where the map will be, while it loads or after it failed to. */
const PLACEHOLDER = { minHeight: 260, borderRadius: 8, background: '#e8eef1' } as const;

type MapCode =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; LocationMap: ComponentType<LocationMapProps> };

/** A form field's value and setter, handed to a render function (see LocationPicker). */
function FieldValue({
  value,
  onChange,
  children,
}: {
  value?: string;
  onChange?: (value: string) => void;
  children: (value: string, onChange: (value: string) => void) => ReactNode;
}) {
  return children(value ?? '', onChange ?? (() => undefined));
}

/** The fields' text as a point a map can show (any point on Earth), or null. */
function pointOf(latitude: string, longitude: string): Coordinates | null {
  if (latitude.trim() === '' || longitude.trim() === '') return null;
  const point = { latitude: Number(latitude), longitude: Number(longitude) };
  const onEarth = Math.abs(point.latitude) <= 90 && Math.abs(point.longitude) <= 180;
  return onEarth ? point : null;
}

/**
 * The shop's place on a map, beside its latitude and longitude fields (which stay: typing the
 * numbers is the keyboard's way too). A click, a drag of the pin, Enter on the map or a Google Maps
 * link pasted in the form's link field set both fields, as typing would (the form counts them as
 * unsaved edits and checks them: outside Mexico is refused there). A point far from the chosen
 * state's usual area is only warned about.
 */
export function LocationPicker({ form }: { form: FormInstance<ShopFormValues> }) {
  // Each coordinate through its own form field, so a change here is the user's edit of that field.
  return (
    <Form.Item name="latitude" noStyle>
      <FieldValue>
        {(latitude, setLatitude) => (
          <Form.Item name="longitude" noStyle>
            <FieldValue>
              {(longitude, setLongitude) => (
                <Picker
                  form={form}
                  latitude={latitude}
                  longitude={longitude}
                  onPlace={(point) => {
                    setLatitude(String(point.latitude));
                    setLongitude(String(point.longitude));
                    // Shows a refusal at once, as leaving the field would; the form keeps it.
                    form.validateFields(['latitude', 'longitude']).catch(() => undefined);
                  }}
                />
              )}
            </FieldValue>
          </Form.Item>
        )}
      </FieldValue>
    </Form.Item>
  );
}

interface PickerProps {
  form: FormInstance<ShopFormValues>;
  latitude: string;
  longitude: string;
  onPlace: (point: Coordinates) => void;
}

function Picker({ form, latitude, longitude, onPlace }: PickerProps) {
  const { t } = useAdminTranslation();
  const hintId = useId();
  const state: string = Form.useWatch('state', form) ?? form.getFieldValue('state') ?? '';
  const link: string | undefined = Form.useWatch('googleMapsUrl', form);
  const [said, setSaid] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [map, setMap] = useState<MapCode>({ status: 'loading' });

  // Leaflet comes in its own chunk, when a shop form first shows the map.
  useEffect(() => {
    let current = true;
    loadLocationMap().then(
      (module) => current && setMap({ status: 'ready', LocationMap: module.default }),
      () => current && setMap({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const place = (point: Coordinates, message: 'fromLink' | 'placed') => {
    onPlace(point);
    setSaid(t(`shopForm.location.${message}`, { ...point }));
  };

  // A new link (pasted or typed) that names a point moves the pin; the shop's saved link does not
  // override its saved coordinates.
  const seenLink = useRef<string | undefined>(form.getFieldValue('googleMapsUrl'));
  const readLink = useEffectEvent((text: string) => {
    const point = coordinatesOfGoogleMapsLink(text);
    if (point) place(point, 'fromLink');
  });
  useEffect(() => {
    if (link === undefined || link === seenLink.current) return;
    seenLink.current = link;
    readLink(link);
  }, [link]);

  const position = pointOf(latitude, longitude);
  const inMexico =
    position !== null &&
    checkShop({ ...position }, { only: ['latitude', 'longitude'] }).problems.length === 0;
  const far = inMexico && isFarFromState(state, position.latitude, position.longitude);

  return (
    <div className="atm-location-picker">
      <Typography.Paragraph id={hintId} type="secondary">
        {t('shopForm.location.hint')}
      </Typography.Paragraph>
      {map.status === 'ready' ? (
        <map.LocationMap
          position={position}
          area={stateBounds(state)}
          onPick={(point) => place(point, 'placed')}
          label={t('shopForm.location.label')}
          describedBy={hintId}
        />
      ) : map.status === 'loading' ? (
        <Flex style={PLACEHOLDER} align="center" justify="center" aria-busy="true">
          <Typography.Text>{t('shopForm.location.loading')}</Typography.Text>
        </Flex>
      ) : (
        <Flex style={PLACEHOLDER} vertical align="center" justify="center" gap={8} role="alert">
          <Typography.Text>{t('shopForm.location.failed')}</Typography.Text>
          <Button
            onClick={() => {
              setMap({ status: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            {t('shopForm.location.retry')}
          </Button>
        </Flex>
      )}
      <Typography.Paragraph role="status" style={{ marginTop: 8 }}>
        {said}
      </Typography.Paragraph>
      {far && (
        <Alert
          type="warning"
          showIcon
          title={t('shopForm.location.farFromState', { state: state.trim() })}
          data-testid="location-far-from-state"
        />
      )}
    </div>
  );
}
