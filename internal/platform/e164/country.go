package e164

// Unknown is what Country gives for a number whose calling code is not a
// country's: unassigned codes and the international networks (+800
// freephone, +870 Inmarsat, +881 to +883 global services, +888, +979).
// "ZZ" is ISO 3166's user-assigned code for an unknown region.
const Unknown = "ZZ"

// maxPrefix is the longest key of countries.
const maxPrefix = 7

// Country returns the ISO 3166-1 alpha-2 code of the country number (E.164
// digits, as Check accepts them) belongs to, read from its ITU calling
// code: the longest prefix in the table below. Codes several countries
// share are split where the number says which: the North American
// Numbering Plan by area code (US for the codes of no other country), +7
// between RU and KZ, +44 between GB and the Crown Dependencies (GG, JE,
// IM), and the smaller shares of +39, +47, +61, +262, +358, +599, +672.
// Where a share cannot be told from the digits (+590 for BL and MF) the
// code's main country is given. Anything else gives Unknown.
func Country(number string) string {
	for n := min(len(number), maxPrefix); n > 0; n-- {
		if c, ok := countries[number[:n]]; ok {
			return c
		}
	}
	return Unknown
}

// countries maps calling codes, and the prefixes of shared codes that
// name another country, to ISO 3166-1 alpha-2 codes. ITU calling codes are
// a prefix code, so only the shares need a longer key than their code.
// Kosovo has XK, the code its own documents and most libraries use.
var countries = map[string]string{
	// +1, the North American Numbering Plan: US unless the area code is
	// another country's.
	"1":    "US",
	"1204": "CA", "1226": "CA", "1236": "CA", "1249": "CA", "1250": "CA", "1257": "CA", "1263": "CA", "1289": "CA",
	"1306": "CA", "1343": "CA", "1354": "CA", "1365": "CA", "1367": "CA", "1368": "CA", "1382": "CA", "1387": "CA",
	"1403": "CA", "1416": "CA", "1418": "CA", "1428": "CA", "1431": "CA", "1437": "CA", "1438": "CA", "1450": "CA",
	"1460": "CA", "1468": "CA", "1474": "CA", "1506": "CA", "1514": "CA", "1519": "CA", "1548": "CA", "1579": "CA",
	"1581": "CA", "1584": "CA", "1587": "CA", "1600": "CA", "1604": "CA", "1613": "CA", "1622": "CA", "1639": "CA",
	"1647": "CA", "1672": "CA", "1683": "CA", "1705": "CA", "1709": "CA", "1742": "CA", "1753": "CA", "1778": "CA",
	"1780": "CA", "1782": "CA", "1807": "CA", "1819": "CA", "1825": "CA", "1867": "CA", "1873": "CA", "1879": "CA",
	"1902": "CA", "1905": "CA", "1942": "CA",
	"1242": "BS", "1246": "BB", "1264": "AI", "1268": "AG", "1284": "VG", "1340": "VI", "1345": "KY", "1441": "BM",
	"1473": "GD", "1649": "TC", "1658": "JM", "1664": "MS", "1670": "MP", "1671": "GU", "1684": "AS", "1721": "SX",
	"1758": "LC", "1767": "DM", "1784": "VC", "1787": "PR", "1809": "DO", "1829": "DO", "1849": "DO", "1868": "TT",
	"1869": "KN", "1876": "JM", "1939": "PR",

	// +2: Africa and the North Atlantic.
	"20": "EG", "211": "SS", "212": "MA", "2125288": "EH", "2125289": "EH", "213": "DZ", "216": "TN", "218": "LY",
	"220": "GM", "221": "SN", "222": "MR", "223": "ML", "224": "GN", "225": "CI", "226": "BF", "227": "NE",
	"228": "TG", "229": "BJ", "230": "MU", "231": "LR", "232": "SL", "233": "GH", "234": "NG", "235": "TD",
	"236": "CF", "237": "CM", "238": "CV", "239": "ST", "240": "GQ", "241": "GA", "242": "CG", "243": "CD",
	"244": "AO", "245": "GW", "246": "IO", "247": "SH", "248": "SC", "249": "SD", "250": "RW", "251": "ET",
	"252": "SO", "253": "DJ", "254": "KE", "255": "TZ", "256": "UG", "257": "BI", "258": "MZ", "260": "ZM",
	"261": "MG", "262": "RE", "262269": "YT", "262639": "YT", "263": "ZW", "264": "NA", "265": "MW", "266": "LS",
	"267": "BW", "268": "SZ", "269": "KM", "27": "ZA", "290": "SH", "291": "ER", "297": "AW", "298": "FO",
	"299": "GL",

	// +3 and +4: Europe.
	"30": "GR", "31": "NL", "32": "BE", "33": "FR", "34": "ES", "350": "GI", "351": "PT", "352": "LU", "353": "IE",
	"354": "IS", "355": "AL", "356": "MT", "357": "CY", "358": "FI", "35818": "AX", "359": "BG", "36": "HU",
	"370": "LT", "371": "LV", "372": "EE", "373": "MD", "374": "AM", "375": "BY", "376": "AD", "377": "MC",
	"378": "SM", "379": "VA", "380": "UA", "381": "RS", "382": "ME", "383": "XK", "385": "HR", "386": "SI",
	"387": "BA", "389": "MK", "39": "IT", "3906698": "VA",
	"40": "RO", "41": "CH", "420": "CZ", "421": "SK", "423": "LI", "43": "AT", "45": "DK", "46": "SE",
	"47": "NO", "4779": "SJ", "48": "PL", "49": "DE",
	// +44: the Crown Dependencies' fixed and mobile ranges.
	"44":     "GB",
	"441481": "GG", "447781": "GG", "447839": "GG", "4479111": "GG", "4479117": "GG",
	"441534": "JE", "447509": "JE", "4477003": "JE", "4477007": "JE", "4477008": "JE", "447797": "JE", "447829": "JE",
	"447937": "JE",
	"441624": "IM", "4474576": "IM", "447524": "IM", "447624": "IM", "447924": "IM",

	// +5: the Americas south of the NANP.
	"500": "FK", "501": "BZ", "502": "GT", "503": "SV", "504": "HN", "505": "NI", "506": "CR", "507": "PA",
	"508": "PM", "509": "HT", "51": "PE", "52": "MX", "53": "CU", "54": "AR", "55": "BR", "56": "CL", "57": "CO",
	"58": "VE", "590": "GP", "591": "BO", "592": "GY", "593": "EC", "594": "GF", "595": "PY", "596": "MQ",
	"597": "SR", "598": "UY", "599": "CW", "5993": "BQ", "5994": "BQ", "5997": "BQ",

	// +6: South-East Asia and Oceania.
	"60": "MY", "61": "AU", "6189162": "CC", "6189164": "CX", "62": "ID", "63": "PH", "64": "NZ", "65": "SG",
	"66": "TH", "670": "TL", "672": "NF", "6721": "AQ", "673": "BN", "674": "NR", "675": "PG", "676": "TO",
	"677": "SB", "678": "VU", "679": "FJ", "680": "PW", "681": "WF", "682": "CK", "683": "NU", "685": "WS",
	"686": "KI", "687": "NC", "688": "TV", "689": "PF", "690": "TK", "691": "FM", "692": "MH",

	// +7: Russia, and Kazakhstan's +76 and +77.
	"7": "RU", "76": "KZ", "77": "KZ",

	// +8: East Asia.
	"81": "JP", "82": "KR", "84": "VN", "850": "KP", "852": "HK", "853": "MO", "855": "KH", "856": "LA", "86": "CN",
	"880": "BD", "886": "TW",

	// +9: West, Central and South Asia.
	"90": "TR", "91": "IN", "92": "PK", "93": "AF", "94": "LK", "95": "MM", "960": "MV", "961": "LB", "962": "JO",
	"963": "SY", "964": "IQ", "965": "KW", "966": "SA", "967": "YE", "968": "OM", "970": "PS", "971": "AE",
	"972": "IL", "973": "BH", "974": "QA", "975": "BT", "976": "MN", "977": "NP", "98": "IR", "992": "TJ",
	"993": "TM", "994": "AZ", "995": "GE", "996": "KG", "998": "UZ",
}
