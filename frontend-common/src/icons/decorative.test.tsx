import { DeleteOutlined, EditOutlined, HeartTwoTone } from '@ant-design/icons';
import { render, screen } from '@testing-library/react';
import { Button, Modal, Pagination } from 'antd';

// The icons come through the Jest preset's mapping, as webpack's build has them (ICON_COMPONENTS).
describe('antd icons are decoration unless named', () => {
  it('leaves no role or label on an icon inside a button, whose name stays its text', () => {
    render(
      <>
        <Button icon={<EditOutlined />}>Editar</Button>
        <a href="/x">
          <DeleteOutlined /> Eliminar
        </a>
        <HeartTwoTone />
      </>,
    );
    expect(document.querySelectorAll('.anticon')).toHaveLength(3);
    for (const icon of document.querySelectorAll('.anticon')) {
      expect(icon).not.toHaveAttribute('role');
      expect(icon).not.toHaveAttribute('aria-label');
      expect(icon).toHaveAttribute('aria-hidden', 'true');
    }
    expect(screen.getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Eliminar' })).toBeInTheDocument();
    expect(screen.queryAllByRole('img')).toEqual([]);
  });

  it('hides the icons antd draws in its own controls (a dialog close button, the pager)', () => {
    render(
      <>
        <Pagination total={50} />
        <Modal open title="Diálogo" getContainer={false}>
          texto
        </Modal>
      </>,
    );
    const icons = document.querySelectorAll('button .anticon, a .anticon, [role="button"] .anticon');
    expect(icons.length).toBeGreaterThanOrEqual(3);
    expect(document.querySelectorAll('button [role="img"], a [role="img"], li [role="img"]')).toHaveLength(0);
  });

  it('hides an icon antd labels inside a labelled button (a notice close), and keeps one asked to be an image', () => {
    render(
      <>
        <button type="button" aria-label="Cerrar">
          <EditOutlined aria-label="Cerrar" />
        </button>
        <EditOutlined role="img" aria-label="Editado" />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Cerrar' }).firstElementChild).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Editado' })).not.toHaveAttribute('aria-hidden');
  });
});
