// Async boundary: shared singletons (React, router, i18next...) are negotiated before any of
// them is evaluated, which avoids "Shared module is not available for eager consumption".
import('./bootstrap');
