package webhook

import (
	"encoding/binary"
	"fmt"

	"svc/internal/platform/e164"
)

// userIDDomain separates the hashes of user ids from those of event ids
// (partsID), whose first part is a webhook field.
const userIDDomain = "svc/business-scoped-user-id/v1"

// UserID is the business-scoped user id (BSUID) of the user with number,
// as the ZBA zbaID sees them, in the compatible API's form: the user's
// ISO 3166 alpha-2 country (e164.Country; "ZZ" when the calling code is
// no country's), a period, and 20 decimal digits, e.g.
// "DE.04721368812950176443". svc mints it, as the compatible API mints its
// own: a pure function of the ZBA and the number, so the same user keeps
// it, and two ZBAs get two unrelated ids and cannot link a user through
// it. It is not a secret: the same payload carries the number as wa_id.
// Were numbers ever hidden from ZBAs, it would need a key.
func UserID(zbaID, number string) string {
	sum := partsHash(userIDDomain, zbaID, number)
	return e164.Country(number) + "." + fmt.Sprintf("%020d", binary.BigEndian.Uint64(sum[:8]))
}
