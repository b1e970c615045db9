// Standalone development entry (npm run dev -w frontend-directory). In the product the shell
// loads `directory/App` and this file never runs.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { initI18n } from 'frontend-common';
import DirectoryApp from './DirectoryApp';
import './standalone.css';

initI18n();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="*" element={<DirectoryApp basePath="/" />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
