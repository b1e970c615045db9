import { Button, Card, Col, Flex, Form, Input, Row } from 'antd';
import { useCreateAdminUserMutation } from '../../api/adminApi';
import { useToast } from '../../app/useToast';
import { useAdminTranslation } from '../../i18n';
import { confirmRules, newPasswordRules } from './passwordRules';

interface NewAdminValues {
  username: string;
  password: string;
  confirmPassword: string;
}

/** The form that creates another administrator, opened from the users page. */
export function AddAdminForm({ onClose }: { onClose: () => void }) {
  const { t, errorText, fieldErrors } = useAdminTranslation();
  const toast = useToast();
  const [form] = Form.useForm<NewAdminValues>();
  const [createUser, { isLoading }] = useCreateAdminUserMutation();

  const onFinish = async ({ username, password }: NewAdminValues) => {
    try {
      // The API takes no confirmation: it is checked here.
      await createUser({ username: username.trim(), password }).unwrap();
      toast.success(t('users.created.title'), t('users.created.description', { name: username.trim() }));
      onClose();
    } catch (failure) {
      const labels: Record<string, string> = { username: t('login.username'), password: t('login.password') };
      form.setFields(
        fieldErrors(failure, (field) => labels[field] ?? field)
          .filter(({ field }) => field in labels)
          .map(({ field, text }) => ({ name: field as 'username' | 'password', errors: [text] })),
      );
      toast.error(t('users.createFailed.title'), errorText(failure, t('users.createFailed.fallback')));
    }
  };

  return (
    <Card title={t('users.form.title')} style={{ marginBottom: 16 }}>
      <Form form={form} layout="vertical" onFinish={onFinish} disabled={isLoading}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="username"
              label={t('login.username')}
              rules={[{ required: true, whitespace: true, message: t('validation.usernameRequired') }]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="password" label={t('login.password')} rules={newPasswordRules(t)}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="confirmPassword"
              label={t('login.confirmPassword')}
              dependencies={['password']}
              rules={confirmRules(t, 'password')}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
        <Flex gap={8} justify="flex-end">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={isLoading}>
            {isLoading ? t('users.form.creating') : t('users.form.submit')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
