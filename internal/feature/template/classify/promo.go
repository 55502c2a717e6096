package classify

import "svc/internal/platform/textfold"

// Promotional content: offers, discounts, sales pressure and calls to buy.
// Each group below is one rule; a template's promotional score is the sum,
// over the rules that fire, of the heaviest phrase found for that rule
// (repeating a word adds nothing), plus the urgency-with-a-price bonus. A
// score of promoThreshold or more is promotional.
//
// Weights are set so that one unmistakable marker decides alone (1.0: "20%
// off", "promo code", "buy now", "flash sale"), a marker that a transactional
// text can also hold needs company (0.6: "discount", "offer", "sale", "last
// chance"), and weak hints only tip a balance (0.3 to 0.4: a price, "free",
// a percentage). "Your order has been discounted by the refund" is one 0.6
// marker and stays a utility text; "20% discount on everything" is not.
//
// Maintenance: English first, then Spanish, Portuguese, German and French,
// in each group. Write phrases as people write them; see term for the
// syntax. Test every new phrase in a sentence (TestWordLists does).
const promoThreshold = 1.0

// urgencyPriceBonus is added when a text both presses for time and names a
// price: "only today for $9.99" is a sales pitch even without a discount
// word.
const urgencyPriceBonus = 0.4

var promoTerms = []term{
	{Rule: "promo.discount", Weight: 1, Phrases: []string{
		"% off", "# off", "% discount", "up to # %", "save # %", "save ¤", "save up to", "get # %",
		"# percent off", "dropped to ¤", "now only ¤", "# percent less", "% less", "# pounds|euros|dollars|quid off",
		"% de descuento", "de descuento", "hasta un # %", "hasta el # %", "hasta # %", "ahorra un # %",
		"% de desconto", "de desconto", "ate # %", "economize # %", "ganhe # %",
		"% rabatt", "bis zu # %", "% reduziert", "% sparen",
		"% de reduction", "de reduction", "jusqu a # %",
		// A discount on the next purchase is a promotion however it is
		// worded ("llévate un 10% en tu próxima compra").
		"% en|on|off|na|no|auf|sur tu|your|sua|seu|ihre|ihren|ihrem|votre|ta proxima|next|nachste|nachsten|prochaine compra|purchase|order|pedido|einkauf|bestellung|commande|achat",
		"llevate|lleva|llevese un|el # %", "leve|levar # %",
		// A price named as a bargain ("Passez en Premium pour seulement 79 €").
		"seulement # ¤", "pour seulement ¤ #", "for only|just ¤ #", "for only|just # ¤", "por solo|apenas ¤ #", "solo|apenas|so ¤ #",
		"por solo|apenas # ¤", "solo|apenas|so # ¤", "fur nur # ¤", "fur nur ¤ #", "ab nur # ¤",
		// A price set against a higher one ("49 € au lieu de 90 €").
		"au lieu de # ¤", "au lieu de ¤ #", "instead of # ¤", "instead of ¤ #", "en lugar|vez de # ¤", "en lugar|vez de ¤ #",
		"em vez de # ¤", "em vez de ¤ #", "statt # ¤", "statt ¤ #", "anstatt # ¤", "anstatt ¤ #",
		// A percentage on something sold ("15% sur les essuie-glaces").
		"# % sur les|le|la|l|vos|tes|nos", "# % en los|las|el|la|tus|sus", "# % nos|nas|no|na", "# % on the|your|our",
		"# % auf die|den|das|ihre|unsere",
		// A percentage across a range ("30 % auf alle Winterjacken").
		"% on all|everything", "% en todo|todos|todas", "% em todo|todos|todas", "% auf alle|alles", "% sur tout|tous|toutes",
	}},
	{Rule: "promo.discount_word", Weight: 0.6, Phrases: []string{
		"discount*", "markdown*", "reduced", "half price", "price drop", "prices have dropped", "lowest price|prices of|this",
		"cashback", "cash back",
		"descuento*", "rebaja", "precio especial", "paga|pague la mitad", "mitad de precio", "a mitad de precio",
		"pela metade", "metade do preco", "pague metade", "halben preis", "halber preis", "moitie prix",
		"desconto*", "preco especial", "preco baixo",
		"rabatt*", "reduziert", "preisnachlass", "sonderpreis",
		"reduction*", "prix barre*", "petit prix", "prix reduit", "precio reducido", "preco reduzido", "reduzierter|reduzierten preis",
		"tarif reduit|preferentiel", "tarifa reducida|preferente", "tarifa reduzida", "ermassigter|ermassigten preis|tarif",
	}},
	{Rule: "promo.percent", Weight: 0.4, Phrases: []string{
		"# %", "# percent", "# per cent", "# por ciento", "# por cento", "# prozent", "# pour cent",
	}},
	{Rule: "promo.code", Weight: 1, Phrases: []string{
		"promo code", "promo codes", "promocode", "discount code", "coupon*", "voucher code",
		"codigo promocional", "codigo de descuento", "cupon", "cupones",
		"codigo de desconto", "cupom", "cupons",
		"gutscheincode", "rabattcode", "aktionscode",
		"code promo", "code de reduction", "bon de reduction",
	}},
	{Rule: "promo.code", Weight: 0.6, Phrases: []string{"voucher*", "gutschein*", "vale-compras", "bon d achat"}},
	// "Use code" introduces a coupon in a promotion and a password in a
	// one-time-code message, so it needs company.
	{Rule: "promo.code_use", Weight: 0.6, Phrases: []string{
		"use code", "with code", "usa el codigo", "con el codigo", "use o codigo", "com o codigo",
		"mit dem code", "avec le code", "utilisez le code",
	}},
	{Rule: "promo.sale", Weight: 1, Phrases: []string{
		"flash sale", "black friday", "cyber monday", "clearance sale", "big sale", "summer sale", "winter sale",
		"special offer", "exclusive offer", "limited offer", "limited-time offer", "best offer*", "great deal*",
		"oferta especial", "oferta exclusiva", "ofertas especiales", "gran venta", "liquidacion total", "rebajas de",
		"oferta relampago", "queima de estoque", "liquidacao", "promocao relampago", "super oferta",
		"sonderangebot*", "schlussverkauf", "ausverkauf", "sommer-sale", "mega-sale",
		"offre speciale", "offre exclusive", "vente flash", "les soldes", "ventes privees", "bons plans",
	}},
	// A limited edition is sold by its scarcity.
	{Rule: "promo.sale", Weight: 0.6, Phrases: []string{
		"limited edition", "edition limitee", "edicion limitada", "edicao limitada", "limitierte edition|auflage",
	}},
	// Extra pay for extra work: a platform's incentive ("Earn an extra $75
	// this weekend", "gana 40 € extra", "relevez le défi").
	{Rule: "promo.incentive", Weight: 0.6, Phrases: []string{
		"earn|make an extra", "extra ¤ #", "¤ # extra", "# ¤ extra", "# ¤ de bonus|bonificacion|bonificacao|prime",
		"ganar|gana|ganas|ganhe|ganhar|gagnez|gagner|verdiene|verdienen # ¤ extra|mas|mais|de|bonus",
		"ganar|gana|ganas|ganhe|ganhar ¤ # extra|mas|mais|de", "weekend quest|challenge|bonus", "reto|desafio de|del|do fin|fim de semana",
		"defi du|de week end", "wochenend challenge|bonus|aktion",
		"ganancias|ganhos|gains|earnings|verdienst por|per viaje|viagem|trip|course|fahrt van|vao|are|sind",
	}},
	// Its call to act on it.
	{Rule: "promo.cta", Weight: 0.6, Phrases: []string{
		"relevez le defi", "a por ello", "go online now", "try it today|now", "set it up today|now|in", "activalo|activala hoy|ya",
		"ative agora|hoje", "jetzt aktivieren", "activez le des maintenant", "conectate ya|ahora", "fique online agora", "connectez vous maintenant",
		"gehen sie jetzt online",
		"try them|it out", "jetzt reinschauen", "jetzt anmelden", "pasate esta semana", "passez cette semaine",
	}},
	// An open day invites customers to come and buy.
	{Rule: "promo.event", Weight: 0.4, Phrases: []string{
		"open day|days|house|weekend", "journee|journees portes ouvertes", "portes ouvertes", "jornada|jornadas de puertas abiertas",
		"puertas abiertas", "dia|dias de portas abertas", "portas abertas", "tag|tage der offenen tur",
	}},
	{Rule: "promo.sale", Weight: 0.6, Phrases: []string{
		"offer", "offers", "deal", "deals", "clearance", "promo", "promos", "promotion*",
		"oferta", "ofertas", "promocion*", "rebajas", "liquidacion",
		"promocao", "promocoes",
		"angebot*",
		"offre", "offres", "soldes", "bon plan",
	}},
	// "sale" is English (and German shop language); in Spanish it means
	// "departs" and in French "dirty".
	{Rule: "promo.sale", Weight: 0.6, Lang: "en", Phrases: []string{"sale", "sales event"}},
	{Rule: "promo.sale", Weight: 0.6, Lang: "de", Phrases: []string{"sale"}},
	// A bonus in money for switching ("100 € Bonus sichern").
	{Rule: "promo.discount", Weight: 1, Phrases: []string{"# ¤ bonus|startguthaben|wechselbonus", "¤ # bonus", "¤ # welcome bonus", "bonus sichern", "wechselbonus",
		"welcome credit", "¤ # welcome credit", "spart|sparst|sparen # ¤", "sparen sie # ¤"}},
	// A price named as the promotion's ("zum Aktionspreis") or half off a
	// second item.
	{Rule: "promo.discount", Weight: 1, Phrases: []string{
		"aktionspreis|aktionspreisen", "precio promocional", "preco promocional", "prix promotionnel", "promotional price",
		"segunda|second|zweite|deuxieme _ pela|a|zum|au metade|mitad|halben|moitie", "pela metade do preco", "a mitad de precio", "zum halben preis", "a moitie prix", "half price",
	}},
	{Rule: "promo.cta", Weight: 1, Phrases: []string{
		"buy now", "shop now", "shop the", "order now", "add to cart", "grab yours", "get yours", "order yours",
		"compra ahora", "compralo ya", "compra hoy", "compralo|comprala|compralos antes",
		// Scarcity pressed ("Cómpralo antes de que se agote").
		"antes de que se agote|agoten", "before it sells|they sell out", "antes que acabe|esgote", "bevor er|sie|es ausverkauft",
		"avant qu il ne soit|qu elle ne soit epuise|epuisee",
		"compre ja", "compre agora", "garanta ja", "assine ja",
		"jetzt kaufen", "jetzt bestellen", "jetzt shoppen", "jetzt zugreifen", "gleich bestellen",
		"achetez maintenant", "commandez maintenant", "commandez des maintenant", "j en profite",
	}},
	// "Compra ya" is "buy now" unless the purchase is already under way
	// ("tu compra ya va en camino").
	{Rule: "promo.cta", Weight: 1, Lang: "es", Unless: []string{"va", "fue", "salio", "llego", "esta", "ha", "se"}, Phrases: []string{"compra ya"}},
	{Rule: "promo.cta", Weight: 0.6, Phrases: []string{
		"haz tu pedido", "haga su pedido", "faca seu pedido", "passez commande", "place your order",
		"check out our", "visit our store", "visit our shop", "book now", "treat yourself", "upgrade today",
		"come try", "come and try", "come in and try", "ven a probar", "venha experimentar|provar",
		"kommen sie vorbei", "komm vorbei", "venez gouter|decouvrir", "venez|viens le|la|les|y gouter|decouvrir|essayer",
		"vem provar|experimentar", "vem ca provar|experimentar", "os|te|los esperamos", "refer a friend", "indica|indique um|uma amigo|amiga",
		"recomienda|invita a un|una amigo|amiga", "empfiehl uns", "empfehlen sie uns", "parrainez|parraine un|une ami|amie",
		"renew now", "don t wait", "grab it", "reserve your spot", "save your spot", "claim your spot",
		"reservez vite", "reserva ya", "reserve ja", "jetzt buchen", "book yours",
		"aprovecha", "aprovechalo", "descubre", "no esperes", "visita nuestra tienda",
		"aproveite", "nao espere", "garanta o seu",
		"jetzt entdecken", "entdecken sie", "zugreifen", "nicht warten",
		"profitez", "decouvrez", "n attendez pas",
	}},
	{Rule: "promo.urgency", Weight: 0.6, Phrases: []string{
		"limited time", "today only", "this weekend only", "ends today", "ends tonight", "ends soon", "last chance",
		"hurry", "while stocks last", "while supplies last", "don t miss out", "before it s gone", "only # left",
		"ce mois ci seulement", "this month only", "solo este mes", "so este mes", "nur diesen monat",
		"antes de que se acabe|acaben|termine", "antes que acabe|acabem", "avant qu il ne soit trop tard",
		"for a limited time", "sells out", "sell out", "selling fast", "filling fast|up", "spots|places|slots are filling",
		"lock in this year s pricing|price|prices|rate|rates", "lock in today s pricing|price|prices|rate|rates",
		"lock in current pricing|price|prices|rate|rates", "we ll throw in", "throw in a free",
		"solo por hoy", "solo hoy", "por tiempo limitado", "ultima oportunidad", "ultimos dias", "date prisa",
		"no te lo pierdas", "hasta agotar", "no lo dejes pasar", "no la dejes pasar", "don t let it slip",
		"nao deixe passar", "lassen sie sich das nicht entgehen", "ne laissez pas passer",
		"so hoje", "somente hoje", "apenas hoje", "por tempo limitado", "ultima chance", "corra",
		"nao perca", "enquanto durarem",
		"nur heute", "nur fur kurze zeit", "letzte chance", "solange der vorrat reicht", "nur noch #", "zum saisonstart|eroffnungsangebot",
		"eroffnungsangebot",
		"aujourd hui seulement", "derniere chance", "offre limitee", "duree limitee", "ne manquez pas",
		"jusqu a epuisement",
		"que vuelan", "se agotan", "esgota rapido", "solange vorrat", "solange vorrat reicht",
		"only until", "nur bis", "nur noch bis", "solo hasta", "so ate", "seulement jusqu", "valid until sunday", "hasta el domingo",
		"avant rupture de stock", "before it|they sells|sell out", "antes de que se agote|agoten", "antes que esgote|esgotem",
		"bevor es|sie ausverkauft",
		"limited spots|places", "plazas limitadas", "vagas limitadas", "places limitees", "begrenzte platze|platzzahl",
		// A week's price, and quantities that run out ("this week only",
		// "Cantidades limitadas").
		"this week only", "solo esta semana", "so esta semana", "nur diese woche", "cette semaine seulement",
		"limited quantities|stock", "cantidades|unidades limitadas", "quantidades|unidades limitadas", "begrenzte stuckzahl|menge",
		"quantites limitees", "stock limite",
		// "¡Quedan muy pocas!"
		"quedan muy pocas|pocos", "restam poucas|poucos", "only a few left", "il en reste tres peu", "nur noch wenige",
	}},
	// A near deadline is common in utility texts too ("arrives this
	// weekend"), so alone it weighs little.
	{Rule: "promo.deadline", Weight: 0.3, Phrases: []string{
		"this weekend", "until sunday", "until midnight", "este fin de semana", "este fim de semana",
		"dieses wochenende", "ce week-end",
	}},
	{Rule: "promo.free", Weight: 1, Phrases: []string{
		// A freebie with a purchase ("a free pint with any burger").
		"free _ with any|every", "gratis con cualquier|cada", "grátis na compra de", "gratis zu jedem|jeder", "offert pour tout|chaque|toute",
		"free gift", "buy one get one", "bogo", "2 for 1", "2x1", "3 for 2", "3x2", "4x3",
		// A gift promised for the next visit ("te regalamos un agua fresca").
		"te|le regalamos", "we ll give you a free", "on vous offre", "schenken wir ihnen|dir",
		// Two for the price of one, however many are named between.
		"# _ zum preis von #", "# zum preis von #", "# _ for the price of #", "# for the price of #", "# _ _ _ for the price of #", "# _ por el precio de #", "# por el precio de #",
		"# _ pelo preco de #", "# pelo preco de #", "# _ pour le prix de #", "# _ pour le prix d #", "# pour le prix d #", "# _ zum preis von einer|einem|eins",
		"# zum preis von einer|einem|eins", "# _ for the price of one", "# for the price of one", "# _ por el precio de uno|una", "# por el precio de uno|una", "# _ pelo preco de um|uma",
		"# pelo preco de um|uma", "# _ pour le prix de un|une", "# _ pour le prix d un|une", "# pour le prix d un|une",
		"regalo gratis", "lleva # paga #", "de regalo",
		"brinde", "brindes", "leve # pague #", "ganhe um",
		// A night or a unit thrown in ("la tercera te sale gratis").
		"sale gratis", "third|3rd night free", "tercera|cuarta noche gratis", "terceira|quarta noite gratis",
		"troisieme|3e nuit offerte|gratuite", "dritte nacht gratis|kostenlos",
		// "Entrando 2 pagan 1."
		"# pagan #", "entran|entrando # pagan #", "# pagam #",
		"de cortesia", "offert par la maison", "on the house",
		// "Von 14 bis 17 Uhr zahlt ihr nur die Hälfte."
		"nur die halfte", "zahlt|zahlen ihr|sie die halfte",
		"gratis dazu", "geschenkt",
		"cadeau offert", "offert pour", "un achete un offert",
		// Months given away with a contract ("te regalamos 3 meses").
		"regalamos # meses", "# meses gratis|de regalo", "# free months", "ganhe # meses",
		// Pay for one of two ("2 Turns fahren, nur 1 bezahlen"), a trade-in
		// bonus, an early-bird price.
		"nur # bezahlen|zahlen", "paga|pagas solo #", "pague|paga so #", "ne payez que #", "pay for only #",
		"eintauschpramie|wechselpramie", "trade in bonus|credit", "bonus de reprise", "fruhbucher|fruhbucherrabatt|fruhbucherpreis",
		"early bird", "preco|precio de madrugador|pre venda",
		// A second pair of glasses given with the first.
		"2e|2eme|deuxieme|seconde paire offerte|gratuite", "2e|2eme|deuxieme|seconde paire est offerte|gratuite", "second pair free", "segundo par gratis|gratuito", "segundo par de regalo",
		"zweite brille gratis|geschenkt|kostenlos",
		// Minutes or rides given away ("30 Freiminuten für jede Fahrt", "los
		// primeros 10 minutos son gratis").
		"primeros # minutos|viajes", "first # minutes|rides free", "primeiros # minutos", "ersten # minuten",
		"# freiminuten|freifahrten", "# free minutes|rides", "# minutos gratis|gratuitos",
		"# minutes gratuites|offertes",
		// A joining fee waived, a friend brought along free ("no pagas
		// inscripción", "trae a un amigo gratis").
		"no pagas|pagues inscripcion|matricula", "sin inscripcion|matricula", "sem matricula|adesao", "no joining|signup|enrolment|enrollment fee",
		"sans frais d inscription|adhesion", "ohne anmeldegebuhr|aufnahmegebuhr", "trae|traer|traiga a un amigo gratis",
		"bring a friend for free", "bring a friend free", "traga um amigo de graca|gratis",
	}},
	{Rule: "promo.free", Weight: 0.4, Phrases: []string{
		"free", "gift", "gifts", "on us",
		"gratis", "regalo", "regalamos",
		"gratuito", "gratuita",
		"kostenlos*", "geschenk*", "schenken",
		"gratuit*", "cadeau*", "offert", "offerte", "offerts", "offertes",
	}},
	{Rule: "promo.free", Weight: 0.4, Lang: "pt", Phrases: []string{"presente"}},
	// A product pitched by the fee it waives ("cartão sem anuidade").
	{Rule: "promo.free", Weight: 0.6, Phrases: []string{
		"en tu proxima visita", "on your next visit", "na sua proxima visita", "bei ihrem nachsten besuch", "lors de votre prochaine visite",
		"no annual fee", "sin anualidad", "sin cuota anual", "sem anuidade", "ohne jahresgebuhr", "sans cotisation annuelle",
		"sans frais annuels",
		// More for the same price ("doppelt Fleisch ohne Aufpreis").
		"ohne aufpreis", "at no extra cost|charge", "sin costo|coste extra|adicional", "sem custo adicional",
		"sans supplement",
	}},
	{Rule: "promo.free_shipping", Weight: 0.6, Phrases: []string{
		"free shipping", "free delivery", "envio gratis", "envios gratis", "frete gratis",
		"kostenloser versand", "versandkostenfrei", "livraison gratuite", "livraison offerte",
	}},
	{Rule: "promo.new", Weight: 0.6, Phrases: []string{
		"new in the|our app", "nuevo en la app", "nouveau à|au|chez", "novo no app", "nouveau dans l appli",
		// A novelty or a fresh arrival announced ("Novedad en AparcaYa",
		// "¡Llegaron los ostiones!").
		"novedad|novidade|novedades|novidades", "promocion|promoção|promocao valida hasta|até|ate", "offre valable jusqu",
		"angebot gultig bis", "mejora tu paquete|plan", "tenemos algo para ti", "temos algo para voce", "hoje tem|hoy hay combo|combos|promo|promocao|promocion|oferta|ofertas", "happy hour", "neu ab",
		"peca|pede pelo app|ja", "pide|pidelo por la app|ya", "steigen sie jetzt", "llegaron los|las", "ya llegaron", "chegaram os|as", "new arrivals", "just arrived|landed",
		"frisch eingetroffen",
		// A loyalty card nearly full ("te faltan solo 2 sellos").
		"te faltan solo|sólo # sellos|puntos", "only # stamps|points away", "faltam apenas # selos|pontos", "plus que # tampons|points",
		"new arrival*", "new collection", "just landed", "just arrived", "new season", "spring collection",
		"summer collection", "autumn collection", "fall collection", "winter collection", "what s new",
		"nueva coleccion", "novedades", "recien llegado*",
		"nova colecao", "novidades", "lancamento*", "acabou de chegar",
		"neue kollektion", "herbstkollektion", "fruhjahrskollektion", "sommerkollektion", "winterkollektion",
		"neuheiten", "neu im shop",
		"nouvelle collection", "nouveautes", "nouvel arrivage", "you can now", "ahora puedes", "agora voce pode", "ab sofort konnen sie",
		"vous pouvez desormais", "novedad|novedades en tu|la app", "new in the|your app", "novidade no app", "nouveau chez|au", "nouvelle saveur|recette|creation",
		"nueva carta|coleccion de", "novidade no|na cardapio|loja", "neu bei|im der|dem|unserer|unserem", "neu bei",
		"new flavour|flavor|dish|burger|item",
		"try our new", "prueba nuestro|nuestra|nuestros|nuestras nuevo|nueva|nuevos|nuevas",
		"experimente nosso|nossa|nossos|nossas novo|nova|novos|novas", "probieren sie unser|unsere neue|neues|neuen",
		"goutez notre|nos nouveau|nouvelle|nouveaux|nouvelles", "new menu", "nuevo menu", "novo cardapio",
		"neue speisekarte", "nouvelle carte", "nouvelle boutique", "new store|shop opens", "nueva tienda", "nova loja", "neuer laden",
		"premiers clients", "first # customers", "primeros # clientes", "primeiros # clientes", "ersten # kunden", "estrenamos", "estreamos", "carta|menu de temporada", "nueva carta", "saisonkarte",
		"cardapio de temporada", "carte de saison",
	}},
	{Rule: "promo.exclusive", Weight: 0.6, Phrases: []string{
		"early access", "members only", "exclusive access", "vip", "exclusive for you",
		"acceso anticipado", "exclusivo para ti", "acesso antecipado", "exclusivo para voce",
		"fruher zugang", "exklusiv fur sie", "exklusiv fur dich", "acces anticipe", "en exclusivite",
		"before anyone else", "antes que nadie", "antes de todo mundo", "vor allen anderen", "avant tout le monde",
	}},
	// Invitations to events that sell: webinars, workshops, "join us".
	{Rule: "promo.event", Weight: 0.6, Phrases: []string{
		"webinar*", "join us for", "join our", "masterclass", "free trial",
		// A prize draw to enter is a promotion whatever it is called.
		"gewinnspiel*", "sweepstake*", "giveaway", "sorteo", "sorteio", "jeu concours", "prize draw",
		"machen sie mit bei", "enter to win", "for a chance to win", "participa y gana|gane", "participe e ganhe|concorra",
		"participez et gagnez",
		"unete a nuestro", "participa en nuestro", "participe do nosso", "inscreva-se",
		"melden sie sich an", "rejoignez-nous", "inscrivez-vous",
	}},
	// A prize to win: with a draw or a call to join, a promotion.
	{Rule: "promo.prize", Weight: 0.6, Phrases: []string{
		"win a|an", "gewinnen sie einen|eine|ein", "gana|gane un|una", "ganhe um|uma", "gagnez un|une",
	}},
	// A product or feature announced: the service-notice dress of a
	// marketing message ("your new plan is ready: upgrade now"). An
	// announcement needs company (a call to try, switch or upgrade, an
	// offer) to be promotional, as a service may announce a change it
	// makes for everyone ("our new opening hours").
	{Rule: "promo.launch", Weight: 0.6, Phrases: []string{
		"introducing", "meet the new", "meet our new", "say hello to the new", "new feature*", "just launched",
		"we ve launched", "we have launched", "we re launching", "we are launching", "now launching",
		"all-new", "brand new", "launch price", "launch offer", "pre-order*", "preorder*",
		"the new {{}} is here", "the new _ is here", "is finally here", "new plan|plans|tier|tiers",
		"new _ plan|plans|tier|tiers|membership|bundle|bundles", "double|triple rewards|points|stamps|sellos|selos|stempel|tampons",
		"puntos dobles", "valen doble", "doble de puntos", "pontos em dobro", "doppelte punkte", "points doubles",
		"presentamos", "conoce el|los nuevo|nuevos", "conoce la|las nueva|nuevas", "conoce nuestro|nuestra|nuestros|nuestras nuevo|nueva|nuevos|nuevas", "ya esta aqui",
		"ya llego", "lanzamos", "precio de lanzamiento", "nueva funcion|funcionalidad", "nuevo plan", "nuevos planes",
		"preventa",
		// A release "drop" with a call to be first ("Nuevo drop en KicksMX").
		"new drop", "nuevo drop", "novo drop", "neuer drop", "nouveau drop", "be among the first", "ser de los primeros",
		"seja um dos primeiros", "gehoren sie zu den ersten", "soyez parmi les premiers",
		"apresentamos", "conheca o|os novo|novos", "conheca a|as nova|novas", "conheca nosso|nossa|nossos|nossas novo|nova|novos|novas", "chegou o novo", "chegou a nova", "chegaram os novos|as novas",
		"ja chegou", "lancamos", "preco de lancamento", "nova funcao|funcionalidade", "novo plano", "novos planos",
		"pre-venda",
		"wir stellen vor", "entdecken sie unser|unsere|den|die neue|neuen|neues", "brandneu", "neue funktion*",
		"ab sofort erhaltlich", "jetzt neu", "neu bei uns", "neuer tarif", "neue tarife", "einfuhrungspreis",
		"vorbestellen",
		"decouvrez notre|le|la|nos nouveau|nouvelle|nouveaux|nouvelles", "nous lancons", "nous avons lance",
		"voici le nouveau", "voici la nouvelle", "voici nos nouveaux|nouvelles", "nouvelle fonctionnalite", "tout nouveau", "toute nouvelle", "vient de sortir",
		"nouvelle offre", "nouveau forfait", "prix de lancement", "precommande*",
	}},
	// A cross-sell tacked onto a service notice ("your payment is
	// confirmed. Discover also our new family plan").
	{Rule: "promo.cross_sell", Weight: 0.6, Phrases: []string{
		"aproveite e conheca|confira", "aproveite para conhecer", "aprovecha y conoce|descubre", "take the chance to discover",
		"profitez-en pour decouvrir", "nutzen sie die gelegenheit",
		"discover|check out also", "also check out", "conozca|conoce|descubre|descubra tambien", "conheca|descubra tambem",
		"entdecken sie auch", "decouvrez aussi|egalement",
	}},
	// A call to move to a better plan: the pitch inside a service notice.
	{Rule: "promo.upgrade", Weight: 1, Phrases: []string{
		"upgrade now", "upgrade today", "upgrade your plan", "go premium", "switch to premium", "try premium",
		"jetzt _ upgraden", "mejora hoy",
		// A membership or a better plan joined ("Join Premium today", "Jetzt
		// auf Premium wechseln").
		"join premium|plus|prime|gold today|now", "auf premium|plus|pro wechseln", "jetzt auf _ wechseln", "cambia|pasate a premium|plus",
		"mude|migre para o premium|plus", "passez a premium|l offre premium",
		// A switch suggested in passing ("while you're at it, why not
		// switch to our green tariff?").
		"why not switch|upgrade|move to",
		// Points doubled for a weekend: a promotion, not a statement.
		"pontos|puntos|points|punkte em|en|in dobro|doble|double|doppelt", "double|triple points", "doble|triple de puntos",
		// More data sold on a bill ("adicione 20GB por apenas R$ 9,90").
		"adicione|adiciona|add|agrega|anade|ajoutez|buchen # gb|go|mb", "# gb|go extra|extras|adicionais|adicionales|zusatzlich",
		"adicione|adiciona|add|agrega|anade|ajoutez|buchen _ de|of|an internet|dados|datos|data|daten",
		// A listing or an ad pushed up for a fee: the marketplace's upsell.
		"boost|feature|highlight|bump your listing|ad|advert|post", "destaque|impulsione seu|o anuncio", "destaca|impulsa|promociona tu|el anuncio",
		"mettez en avant|valeur votre annonce", "boostez votre annonce", "anzeige hervorheben|pushen", "heben sie ihre anzeige",
		"double|triple your internet|data|speed", "duplica|triplica tu internet|velocidad", "dobrar|dobre|triplicar sua internet|velocidade",
		"verdoppeln sie ihr|ihre internet|datenvolumen|geschwindigkeit", "doublez votre debit|internet",
		"mejora tu plan", "mejora ahora", "cambiate a", "pasate a la|el|nuestro|nuestra|plan|fibra|premium|pro", "actualiza tu plan",
		"pasate|cambiate hoy|ya|ahora a|al", "mejorar plan", "mejora de plan",
		"mude|migre|passe hoje|agora para", "melhorar plano",
		"wechseln sie heute|jetzt zu|auf", "passez des aujourd hui a|au", "passez maintenant a|au",
		"faca upgrade", "faca o upgrade", "mude para o plano", "assine o plano", "migre para",
		"jetzt upgraden", "jetzt wechseln", "wechseln sie jetzt", "upgraden sie", "steigen sie um",
		"passez a", "passez au", "passez des maintenant", "changez de forfait",
		// Switching with the destination said earlier ("our new fibre
		// broadband... switch today").
		"switch today|now", "cambiate|pasate hoy|ya|ahora", "mude|migre hoje|agora", "jetzt umsteigen",
		"passez y", "changez des aujourd hui|maintenant", "actualiza|mejora|cambia a|al premium|pro|plus",
		"atualize|mude para o premium|pro|plus", "join today|now", "mejoralo|mejorala ahora|ya|hoy", "unete hoy|ya|ahora", "junte-se hoje",
	}},
	// Being offered something new on an existing account, with an ask to
	// take it: the offer is the message, whatever the header calls it.
	{Rule: "promo.eligible", Weight: 0.6, Phrases: []string{
		"you are now eligible for", "you re now eligible for", "you now qualify for", "you qualify for",
		"ya puedes solicitar|disfrutar|contratar", "ya eres elegible", "voce ja pode solicitar|contratar|aproveitar",
		"sie konnen jetzt _ beantragen", "vous etes desormais eligible", "vous etes eligible",
	}},
	// A service newly available to the recipient, announced as news about
	// their address or account: the pitch of a service notice.
	{Rule: "promo.available", Weight: 0.6, Phrases: []string{
		"now available at|in your address|area", "available at your address", "new in your account",
		"aktion lauft", "angebot gilt", "aktion gilt", "this month we have", "este mes tenemos", "neste mes temos", "diesen monat haben wir", "ce mois ci nous avons",
		"ya disponible en tu zona|domicilio|direccion", "novedad en tu cuenta", "chegou no|na seu|sua bairro|regiao|endereco",
		"ja disponivel no|na seu|sua endereco|regiao", "novidade na sua conta", "an ihrer adresse verfugbar",
		"in ihrer region verfugbar", "neu in ihrem konto", "disponible chez vous", "disponible a votre adresse",
		"nouveaute sur votre compte",
	}},
	{Rule: "promo.apply", Weight: 0.6, Phrases: []string{
		"switch to", "add a line", "in a few taps|clicks", "contrate ja|agora|hoje", "contrata ya|ahora|hoy",
		"anade una linea", "pidela|pidelo", "peca o seu|a sua|ja", "em poucos cliques", "buchen sie jetzt", "jetzt buchen",
		"mit wenigen klicks", "souscrivez", "demandez la|le", "en quelques clics", "solicitalo|solicitala",
		"apply in|on|through the app", "apply now|today", "solicite ja|agora",
		"jetzt beantragen", "demandez la|le des maintenant",
	}},
	{Rule: "promo.upgrade", Weight: 0.6, Phrases: []string{
		"upgrade", "upgrade to", "try it now", "try it today", "try it out", "try the new", "check it out",
		"be the first", "reserve yours", "pre-order now",
		"pruebalo", "pruebala", "prueba el nuevo", "prueba la nueva", "se el primero", "reserva el tuyo", "reserva la tuya",
		"experimente", "seja o primeiro", "garanta o seu",
		"probieren sie", "testen sie", "sichern sie sich", "seien sie die ersten",
		"essayez", "testez", "soyez les premiers", "reservez le votre",
	}},
	// Inviting friends for a reward is a marketing programme whatever its
	// wording.
	{Rule: "promo.referral", Weight: 1, Phrases: []string{
		"invite a friend", "invite your friends", "invite friends", "refer a friend", "refer your friends",
		"refer friends", "referral bonus", "referral program*",
		"invita a un amigo", "invita a tus amigos", "recomienda a un amigo", "trae a un amigo",
		"indique um amigo", "indique amigos", "indique seus amigos", "convide um amigo", "convide seus amigos",
		"freunde werben", "freund werben", "werben sie", "lade deine freunde ein", "laden sie ihre freunde ein",
		"parrainez", "parrainage", "invitez vos amis|proches", "invitez un ami",
		// Bringing someone along for a reward is the same programme.
		"bring a friend", "bring your friends", "bring along a friend", "traiga a un amigo|una amiga",
		"trae a una amiga", "traga um amigo|uma amiga", "traga seus amigos",
		"bringen sie eine|einen freundin|freund mit", "bring eine|einen freundin|freund mit",
		"bringen sie ihre freundin|freunde mit", "amenez un ami|une amie", "venez avec un ami|une amie",
		"traes|traiga|traigas a un amigo|una amiga", "trazes|traz a um amigo|uma amiga",
	}},
	// Free months of a plan: an incentive to subscribe.
	{Rule: "promo.free", Weight: 1, Phrases: []string{
		"# months free", "# month free", "first month free", "# meses gratis|gratuitos", "primer mes gratis",
		"primeiro mes gratis", "# monate gratis|kostenlos", "ersten monat gratis",
		"# mois offerts|gratuits", "premier mois offert|gratuit", "pay nothing", "zahlen sie nichts", "nichts zahlen",
		"no pagas nada", "nao paga nada", "ne payez rien",
	}},
	{Rule: "promo.cart", Weight: 0.8, Phrases: []string{
		"in your cart", "in your basket", "complete your purchase", "left something",
		"en tu carrito", "completa tu compra", "no seu carrinho", "finalize sua compra",
		"im warenkorb", "in ihrem warenkorb", "in deinem warenkorb",
		"dans votre panier", "finalisez votre commande",
	}},
	{Rule: "promo.cross_sell", Weight: 0.8, Phrases: []string{
		"you might also like", "you may also like", "also loved", "recommended for you", "complete your look",
		"te puede interesar", "tambien te gustara", "voce tambem pode gostar", "recomendados para voce",
		"das konnte ihnen gefallen", "das konnte dir gefallen", "vous aimerez aussi", "recommande pour vous",
	}},
	{Rule: "promo.winback", Weight: 0.6, Phrases: []string{
		"we miss you", "it s been a while", "it has been a while", "come back",
		"te extranamos", "te echamos de menos", "sentimos sua falta",
		"wir vermissen", "komm zuruck", "kommen sie zuruck", "vous nous manquez",
	}},
	{Rule: "promo.save", Weight: 0.4, Phrases: []string{
		"save", "ahorra", "ahorre", "economize", "economia", "sparen", "economisez",
	}},
	// A contract to sign up for, or a device offered with one.
	{Rule: "promo.cta", Weight: 0.6, Phrases: []string{
		"if you sign up", "si contratas", "si contrata", "contratando", "se contratar", "se voce contratar",
		"wenn sie _ buchen|abschliessen", "zum tarif dazu", "als bestandskunde", "si vous souscrivez", "en souscrivant",
	}},
	{Rule: "promo.opt_out", Weight: 0.6, Phrases: []string{
		"stop promotions", "stop promos", "unsubscribe from promotions", "no more offers",
		"parar promociones", "parar promocoes", "keine werbung", "stop pub",
	}},
	// A price framed as a bargain: "only $9.99", "from €5", "ab 5 €".
	{Rule: "promo.price_pitch", Weight: 0.6, Phrases: []string{
		"only ¤", "just ¤", "from ¤", "for ¤ #", "starting at", "for only", "for just",
		"solo ¤", "por solo", "desde ¤", "a partir de ¤", "por apenas", "apenas r ¤", "so r ¤",
		"nur ¤", "nur # ¤", "ab ¤", "ab # ¤", "fur nur", "a partir de # ¤", "des # ¤", "pour seulement",
	}},
}

var promoLexicon = compile(promoTerms)

// giftCardLexicon names gift cards and vouchers as products: a "gift" or
// "regalo" inside their name is what the customer bought or holds, not
// something given away ("your gift card balance is $750", "dein
// Geschenkgutschein wurde zugestellt").
var giftCardLexicon = compile([]term{{Rule: "product.gift_card", Weight: 1, Phrases: []string{
	"gift card|cards|certificate|certificates|voucher|vouchers", "egift card|cards", "e gift card|cards", "gift aid",
	// A free trial that ends is the state of a subscription; a free trial
	// offered is still a promotion.
	"free trial ends|ended|expires|expired|ending", "free trial of _ ends|ended|expires|expired|ending", "prueba gratuita|gratis termina|vence|finaliza|caduca",
	"teste|periodo gratis|gratuito termina|acaba|expira|vence", "kostenlose testphase|probezeit endet|lauft", "essai gratuit se termine|expire|prend",
	"tarjeta|tarjetas|bono|bonos|cheque|cheques|certificado|certificados de regalo",
	"cartao|cartoes|vale presente", "geschenkgutschein*", "geschenkkarte*", "geschenkcode*",
	"carte|cartes|cheque|cheques|bon|bons cadeau*", "e carte|cartes cadeau*",
}}})

// outside keeps the hits that overlap none of the product names found.
func outside(hits, names []hit) []hit {
	if len(names) == 0 {
		return hits
	}
	kept := hits[:0:0]
	for _, h := range hits {
		inside := false
		for _, n := range names {
			if n.p == h.p && h.from <= n.to && n.from <= h.to {
				inside = true
				break
			}
		}
		if !inside {
			kept = append(kept, h)
		}
	}
	return kept
}

// promotion scores the promotional content of a template's texts and
// example values.
func promotion(d *doc, lang string) scored {
	s := score(outside(promoLexicon.scan(d, lang, partText, partExample), giftCardLexicon.scan(d, lang, partText, partExample)))
	hasUrgency := false
	for _, sig := range s.signals {
		if sig.Rule == "promo.urgency" {
			hasUrgency = true
		}
	}
	if price, where, ok := findPrice(d); ok {
		s.add(Signal{Rule: "promo.price", Detail: price + " in " + where, Weight: 0.3})
		if hasUrgency {
			s.add(Signal{Rule: "promo.urgency_price", Detail: "urgency together with a price", Weight: urgencyPriceBonus})
		}
	}
	return s
}

// currencyWords are written-out currencies that make a number a price.
var currencyWords = map[string]bool{
	"usd": true, "eur": true, "euro": true, "euros": true, "gbp": true, "dollar": true, "dollars": true,
	"pesos": true, "mxn": true, "brl": true, "reais": true, "chf": true,
}

// findPrice finds the first amount of money in a text or example value: a
// currency symbol next to a number ("$19.99", "20 €", "R$ 50") or a number
// followed by a currency word ("45 EUR").
func findPrice(d *doc) (string, string, bool) {
	for pi := range d.parts {
		p := &d.parts[pi]
		if p.kind == partURL || p.kind == partFilled {
			continue
		}
		for k, t := range p.toks {
			switch {
			case t.w == currencyToken && k+1 < len(p.toks) && textfold.IsDigits(p.toks[k+1].w):
				return fragment(p, k, k+1), p.where, true
			case t.w == currencyToken && k > 0 && textfold.IsDigits(p.toks[k-1].w):
				return fragment(p, k-1, k), p.where, true
			case textfold.IsDigits(t.w) && k+1 < len(p.toks) && currencyWords[p.toks[k+1].w]:
				return fragment(p, k, k+1), p.where, true
			}
		}
	}
	return "", "", false
}
