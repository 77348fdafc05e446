export const DEMO_USERS: { id: string; email: string; name: string; password: string; role: 'user' | 'admin'; affiliateCode: string }[];
export function seedSql(now?: number): string;
export function seed(persistTo?: string): void;
