// Async boundary: shared singletons are negotiated before anything uses them
// (avoids "Shared module is not available for eager consumption").
// In a task of its own: the federation runtime has just been evaluated (this file's task), and
// negotiating the start-up's shared modules after it in the same task made one long task.
setTimeout(() => void import('./bootstrap'), 0);
