/** The users calls for a company's admins (decision 53): what they read, and what they change. */
export { listMembers, memberDetails } from './view';
export { addMember, blockMember, resendInvitation, setRoles, unblockMember } from './change';
