export * from './calificacion';
export * from './login';
export * from './password';
export * from './perfil';
export * from './producto';
export * from './registro';
export * from './rules';
export * from './text';
