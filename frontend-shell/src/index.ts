// Async boundary: shared singletons are negotiated before anything uses them
// (avoids "Shared module is not available for eager consumption").
import('./bootstrap');
