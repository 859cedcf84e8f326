/** YYYY-MM-DD that names a real day (the forms' and the server's check alike). */
export const isDay = (value: string): boolean => {
  const date = new Date(`${value}T00:00:00Z`);
  // An impossible month (2027-13-01) is an Invalid Date, whose toISOString throws.
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};
