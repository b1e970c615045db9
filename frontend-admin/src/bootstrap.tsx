// Standalone development entry (npm run dev -w frontend-admin, http://localhost:3003/admin).
// In the product the shell loads `admin/App` and this file never runs.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { initI18n } from 'frontend-common';
import AdminApp from './AdminApp';
import './standalone.css';

initI18n();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<AdminApp basePath="/admin" />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
