// The administrators' usernames the journey's steps create and log in as.
export const ADMIN_USER = 'admin';
export const SECOND_USER = 'operador';
