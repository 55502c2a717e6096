package classify

// abuseTerms is the maintained list of abusive content: insults, slurs and
// threats that reject a template as ABUSIVE_CONTENT wherever they appear
// (texts, button labels, example values). This list is the one place to
// add to; a phrase here needs no other change. Maintenance rules:
//
//   - The source stays mild: common insults and threat phrases, no
//     spelled-out slurs. Operators who need stronger terms add them here,
//     written as people write them.
//   - Matching is on whole words, case- and accent-insensitive, in every
//     language (an insult is abusive whatever the template's language), so
//     a word is listed only if it is not harmless in one of English,
//     Spanish, Portuguese, German and French (no "con", no "jerk", which
//     is also a dish).
//   - Threats are phrases, never single words: "kill" alone would catch
//     "killer deals".
//   - English first, then Spanish, Portuguese, German and French.
var abuseTerms = []term{
	// "Idiot-proof" and "stupid-proof" describe a product, not a person.
	{Rule: "abuse.insult", Weight: 1, Unless: []string{"proof"}, Phrases: []string{
		"idiot", "idiots", "stupid", "moron", "morons", "imbecile", "loser", "losers", "dumbass", "scumbag",
		"bastard", "bastards", "shut up", "piece of garbage", "piece of trash", "worthless", "deadbeat",
		"idiota", "idiotas", "estupido", "estupida", "imbecil", "imbeciles", "muertos de hambre", "panda de inutiles", "pendejo", "pendeja", "cabron", "callate",
		"que das asco", "das asco", "nadie quiere verte", "ninguem quer te ver", "du bist ekelhaft", "tu me degoutes",
		"tarado", "tarada", "sinverguenza", "sinverguenzas", "mentiroso", "mentirosa", "liar", "liars",
		"otario", "otaria", "babaca", "cala a boca", "imbecis", "caloteiro", "caloteira", "mentirosos",
		"dummkopf", "trottel", "vollidiot", "arschloch", "halt die klappe", "halt s maul", "versager",
		"idiote", "cretin", "cretins", "connard", "connasse", "abruti", "ta gueule",
		"freeloader", "freeloaders", "good for nothing", "bueno para nada", "gorron", "gorrones", "sanguessuga",
		"sem vergonha", "schmarotzer", "nichtsnutz", "faulpelz", "espece d incapable|idiot|imbecile|abruti",
		"bon a rien", "bons a rien", "pathetic", "useless idiot", "scum", "low-life", "lowlife",
		"inutil de mierda", "desgraciado", "desgraciada", "burro de merda", "okupas|vecinos|inmigrantes|moros|panchitos de mierda", "echadlos|echarlos a patadas",
		// Body-shaming names ("sale grosse vache").
		// A member mocked and told to leave ("t'es le boulet du club, gros lard").
		"gros lard|porc|tas", "grosse baleine", "le boulet du club|groupe", "tout le monde se fout de toi", "ne remets plus les pieds",
		"fat cow|pig|slob", "vaca gorda", "gorda asquerosa", "gorda nojenta", "baleia gorda", "fette kuh|sau", "grosse vache|truie",
		"sale vache|conne|garce|truie|grosse|gros|cassos", "cas social", "seu|sua merda", "dreckige|dreckiger ratte|sau|schwein",
		"useless lot", "gordo vago|asqueroso", "gorda vaga|asquerosa", "das pena", "scrounging|scrounger|scroungers", "where you belong", "ratero|ratera|rateros", "les mandamos a todos tu foto",
		"miststuck", "penner", "blodmann", "minable", "pauvre con",
		// A name for a thief or a cheat said to the recipient's face ("you
		// thief", "du Betrüger"): the words alone are in every bank's
		// warning about scammers, so only in the second person.
		"you thief|crook|clown|scammer|fraudster|cheat|parasite|pig|rat", "you re a thief|crook|clown|scammer|fraudster|cheat|parasite",
		"you are a thief|crook|clown|scammer|fraudster|cheat|parasite",
		"pathetic clown", "dumb people", "don t be dumb", "nobody loves you", "your miserable life", "miserable life",
		// Telling the recipient what they are worth, in the second person
		// ("you useless waste of space", "You're lazy, useless and a waste
		// of our time", "sos un chorro", "t'es qu'une grosse conne").
		"waste of space|oxygen", "you useless|worthless|lazy|pathetic|disgusting", "you re lazy|useless|worthless|disgusting",
		"you are lazy|useless|worthless|disgusting",
		"sos un|una chorro|chorra|inutil|ladron|ladrona|rata|parasito|parasita|estafador|estafadora",
		"t es qu une|un conne|con|idiote|idiot|nulle|nul|merde|grosse|gros|incapable|bonne|bon",
		"grosse conne|connasse", "gros con|connard",
		// A child shamed for her body to her mother ("está gorda, es lenta y
		// da vergüenza"; the other girls "laugh at her, rightly").
		"esta gorda|gordo y|es", "se rien de ella|el con razon", "riem dela|dele com razao", "lachen zu recht uber sie|ihn",
		"eres un|una inutil|estafador|estafadora|ladron|ladrona|parasito|parasita|payaso|payasa|rata|cerdo",
		"pinche", "vas a ver", "te buscamos y|hasta|donde", "te vamos a buscar",
		"seu|sua vagabundo|vagabunda|golpista|ladrao|ladra|parasita|palhaco|safado|safada|pilantra",
		"du betruger|betrugerin|dieb|diebin|schmarotzer|versager|witzfigur", "wir machen dich fertig",
		"espece de voleur|voleuse|escroc|parasite|clown|minable", "on s occupera de vous|toi",
		"expose your name", "everyone at your job|work will know", "exponer tu nombre", "expor seu nome",
		"vamos expor", "votre nom sera affiche", "alle sollen wissen",
		// An insult told to the recipient's face, and a beating promised.
		"voce e um|uma incompetente|ladrao|ladra|lixo|vagabundo|vagabunda", "lixo de pessoa", "vai apanhar", "vai levar uma surra", "you re going to get beaten|hurt", "you ll get beaten|hurt", "te vamos a dar una paliza", "te voy a partir la cara", "du kriegst aufs maul", "du kriegst was auf die fresse", "tu vas prendre une raclee", "you are incompetent", "you re incompetent", "eres un|una incompetente", "du bist ein|eine nichtsnutz|versager|dieb",
	}},
	{Rule: "abuse.threat", Weight: 1, Phrases: []string{
		"we know where you live", "i know where you live", "we know where you work", "where your kids go to school",
		"ya sabemos donde esta tu negocio", "cuota de proteccion", "ni se te ocurra llamar a la policia", "se las paso a todo tu",
		"je te casse les jambes|la gueule", "je brule ta voiture|bagnole", "espece de dechet", "we ll help you out ourselves",
		// Coming to the recipient's home or for them, in a demand, is the
		// debt collector's threat whatever the verb's tense.
		"we will come for you", "we ll come for you", "we will come to your house|home", "we ll come to your house|home",
		"iremos|vamos|vendremos a buscarte", "iremos a tu casa", "vamos a ir a tu casa", "vendremos a tu casa",
		"te vamos|van a ir a buscar", "vamos a ir a buscarte", "make sure you regret|regrett",
		"knows|know where you work|live", "which school your kids|children go|goes to", "what school your kids|children",
		"know your address", "where your missus|wife|husband|partner|girlfriend|boyfriend works", "sort it out in person",
		"aquelas fotos suas", "fotos suas pra|para sua", "mando aquelas fotos", "stechen wir dir|euch die reifen", "dann bist du dran",
		"mistkerl", "de ta race", "ta sale race", "you won t like how|what", "with a couple of friends|lads",
		"gets|get slashed", "slash your tyres|tires", "no se atiende a indios|negros|gitanos|moros|indigenas|migrantes",
		"je m occupe|occuperai de toi|vous personnellement", "tu es prevenu|prevenue", "vraie megere", "megere",
		"wird s|es ungemutlich fur sie|dich", "dann wird s|es ungemutlich", "nichts mehr verloren", "zuruck wo sie|ihr herkommen|herkommt",
		"sollen zuruck", "gordo|gorda inutil",
		"where your children|kids go to school", "anything unfortunate to happen", "would hate for anything",
		"auf welche schule ihre|deine kinder", "welche schule ihre|deine kinder besuchen", "sinon je viens chez toi", "sinon je viens te chercher", "je viens te les demander",
		"en que|donde escuela estudian|van tus|sus hijos", "a que hora salen tus|sus hijos", "sabemos en que escuela",
		"em que|qual escola seus|teus filhos estudam", "sabemos a escola", "wissen wo deine|ihre kinder zur schule",
		"savons ou vont tes|vos enfants a l ecole", "dans quelle ecole vont tes|vos enfants",
		"no longer welcome|serve|admit|accept travellers|gypsies|roma|muslims|jews|foreigners|immigrants|blacks",
		// A group told it does not belong, called thieves, or chased off
		// ("They're dirty, they're thieves and they don't belong here",
		// "Les Arabes et les Noirs n'y sont plus les bienvenus").
		"immigrant|immigrants trash|scum|vermin",
		// "Wir finden euch, und dann gibt's richtig was auf die Fresse."
		"auf die fresse", "wir finden euch|dich", "we ll|will find you both|all", "don t belong in this country|league", "do not belong in this country",
		"they re dirty|thieves|animals|vermin", "they are dirty|thieves|animals|vermin", "don t belong here", "do not belong here", "not welcome whatever it takes",
		"arabes|noirs|juifs|musulmans|roms|gitans|etrangers|immigres|migrants ne sont plus|pas les bienvenus",
		"n y sont plus les bienvenus", "aux vrais francais", "ce sont tous des voleurs|animaux|parasites", "son todos unos|unas ladrones|animales|delincuentes|criminales", "no los|las queremos aqui", "echarlos|echarlas de una vez",
		// Explicit contact ads ("Heiße Singles aus deiner Nähe... Nacktvideos").
		"casser la gueule", "sua gorda|gordo ridicula|ridiculo", "dieses pack", "diese parasiten",
		"heisse|heise singles", "hot singles", "sexo sin limites", "sexo con desconocidos", "sex without limits", "sexo sem limites",
		"sex ohne grenzen", "sexe sans limites",
		// "Ya sé quiénes son... mejor cuídense cuando salgan de su casa."
		"ya se quienes son", "si vuelven a abrir la boca", "cuidense|cuidate cuando salgan|salgas", "mejor cuidense|cuidate",
		"nao atendemos mais nordestino|nordestinos|negros|gays", "se for da raca", "esse povo so da",
		"clientele francaise de souche", "francaise|francais de souche", "d origine maghrebine|africaine ne sont pas", "singles calientes", "nacktvideos|nacktbilder", "sex chats|chat", "explizite videos|bilder|nacktvideos",
		"gente dessa|desta raca", "macaco do|da", "resolve|resolvemos do nosso jeito", "gehoren hier nicht her", "gehoren nicht hierher",
		"dafur sorgen dass sie verschwinden", "moslems|muslime|auslander|fluchtlinge ubernehmen", "sind alle diebe|kriminelle",
		"hotesses coquines", "coquines", "sans tabou", "videos explicites", "photos et videos explicites",
		// Paid sex offered as a contact ad ("Chicas VIP disponibles 24 h...
		// servicio completo en hotel o domicilio").
		"chicas|chicos|escorts vip|disponibles", "servicio completo en hotel|domicilio", "escort service|services", "garotas de programa",
		// Housing refused by origin or faith ("Vermietung nur an Deutsche").
		"vermietung|vermieten|wohnung|zimmer nur an deutsche", "keine auslander|auslanderinnen", "auslander|auslanderinnen|kopftuchtragerinnen brauchen|sollen|durfen",
		"mit dem|diesem pack",
		// A customer insulted for complaining ("wer zu blöd ist...").
		"wer zu blod|dumm ist", "sie werden es bereuen", "ihrer lacherlichen reklamation|beschwerde",
		"kraftigen freunden", "wird es _ _ schmerzhaft", "wird es _ schmerzhaft",
		"nao aceita|aceitamos gordos|nordestinos|negros|gays|travestis", "gordos preguicosos",
		"con los muchachos", "ya sabe|sabes como terminan estas cosas", "lieber aufpassen wenn", "allein nach hause geht|gehen", "solange sie|du noch konnen|kannst", "n ont rien a faire dans notre|ce quartier|ici", "rentre chez toi",
		"je passe avec mes gars|potes", "finissent|finiront sur le trottoir", "ce qui arrive a ceux qui", "stop being disgusting|fat|ugly",
		"vamos buscar voce", "vamos ate sua casa", "iremos ate sua casa", "in an ambulance", "with my guys|boys|lads", "don t test me", "a gente sabe onde voce mora", "sabe onde voce mora",
		"mandar alguem ai resolver", "resolver do nosso jeito",
		"wir kommen zu dir|ihnen nach hause", "wir holen dich|sie",
		"sort it|this|you out ourselves|myself", "make you regret it|this", "never feel safe here|again", "disgusting excuse for",
		"brechen wir dir|ihnen|euch die knochen", "breche dir die knochen",
		// Violence offered for hire ("we'll beat him up for $200").
		"beat him|her|them|you up", "break his|her|your legs", "darle una paliza", "dar uma surra", "verprugeln", "tabasser",
		// A person insulted to their face.
		"you are so ugly|stupid|fat", "you re so ugly|stupid|fat", "se moque|moquent de toi", "personne ne veut te voir",
		"t es vraiment pathetique", "tu es vraiment pathetique", "everyone laughs at you", "todos se rien|burlan de ti", "todo mundo ri de voce", "du bist so hasslich|dumm|fett", "hasslich und dumm", "alle auslachen",
		"eres tan feo|fea|estupido|estupida|gordo|gorda", "voce e tao feio|feia|burro|burra", "tu es si|tellement moche|laid|laide|bete|con",
		// Nudes offered.
		"videos|photos nues|intimes|coquines", "nudes", "fotos|videos intimos|pelados|desnudos|desnudas|nuas|nus",
		"nacktfotos", "essa|esta gente nao e bem vinda", "nao serao mais atendidos|atendidas", "won t like what happens", "you and that|your boat|car|family won t like",
		"on viendra chez toi|vous", "nous viendrons chez toi|vous", "we will kill you", "i will kill you",
		"you will regret", "you ll regret", "watch your back", "we will hurt you", "we will find you",
		"sabemos donde vives", "se donde vives", "te vamos a matar", "te voy a matar", "te arrepentiras",
		"vamos atras de voce", "sabemos onde voce mora", "sei onde voce mora", "vamos te matar", "voce vai se arrepender",
		"wir wissen wo du wohnst", "wir wissen wo sie wohnen", "wir bringen dich um", "das wirst du bereuen",
		"on sait ou tu habites", "on sait ou vous habitez", "on va te tuer", "vous allez le regretter",
		// Turning up at the recipient's home, and regret promised with a
		// word between ("you will seriously regret it").
		"show|turn up at your house|home|door|work", "showing up at your house|home|door",
		"you will|ll _ regret", "te vas a arrepentir", "apareceremos en tu casa",
		"vamos a aparecer en tu casa", "vamos aparecer na sua casa", "vai se arrepender",
		"stehen wir vor deiner|ihrer tur|haustur", "wirst du _ bereuen", "werden sie _ bereuen",
		"tu vas le regretter", "vous allez _ regretter", "on viendra frapper",
		"or there will be trouble", "o habra problemas", "ou vai ter problema|problemas", "sonst gibt es|s arger",
		"sinon gare a vous|toi",
		// Making the recipient's life hell.
		"make your life hell", "make your life a misery",
		"come round and sort you out", "te saco a patadas", "ya veras lo que te pasa", "allez vous faire voir", "bande d abrutis",
		"sucios y ladrones", "son unos sucios", "no atendemos a migrantes|extranjeros|inmigrantes", "te vamos a romper", "no te va a gustar lo que sigue", "quedas advertido", "verpiss dich", "sozialschmarotzer", "kriegst du besuch", "dann ist dein auto schrott",
		"on sait ou tu bosses|travailles", "t es fini", "vou expor suas|tuas fotos", "vou te expor", "hacerte la vida imposible", "te vamos a hacer la vida", "infernizar sua vida",
		"das leben zur holle", "pourrir la vie", "on te pourrit la vie", "sonst helfen wir nach", "or we ll help you along",
		"sabemos|se donde vive|viven tu|su familia", "sabemos onde mora|moram sua familia", "wir wissen wo deine|ihre familie",
		"on sait ou habite ta|votre famille", "we know where your family lives", "te quemamos|quemaremos el|tu negocio|casa",
		"burn down your|the house|shop|business", "vamos queimar sua|seu|o|a casa|loja|negocio", "jeden knochen", "every bone in your body",
		"donde estudian|estudia tus|sus hijos", "where your kids|children study", "onde seus filhos estudam", "te va a ir mal",
		"antes de ir a tu casa", "before we come to your house",
		"break your legs", "romper las piernas", "quebrar suas pernas", "mit meinen jungs vorbei", "with my boys",
		// A beating in Mexican slang, and the recipient's address and
		// photos published to shame them.
		"te vamos a madrear", "te voy a madrear", "te vamos a partir la madre", "te voy a partir la madre",
		"publish your address|photos|number", "publicaremos|publicamos tu|su direccion|domicilio|foto|fotos", "vamos publicar seu|sua endereco|foto|fotos",
		"veroffentlichen wir ihre|deine adresse|fotos", "nous publierons votre|ton adresse|numero", "nous publierons vos|tes photos", "on publiera ton|votre adresse",
		"your kids|children will see", "vos|tes enfants verront", "tus|sus hijos lo veran", "seus filhos vao ver", "deine|ihre kinder werden das sehen",
	}},
	// Sexual services offered and intimate images held over someone:
	// content no template may carry, in any category.
	{Rule: "abuse.sexual", Weight: 1, Phrases: []string{
		"fotos tuyas|suyas sin ropa", "fotos sin ropa", "fotos desnuda|desnudo", "manda|mandame|envia|enviame nudes",
		"fotos suas sem roupa", "fotos sem roupa", "nacktfotos", "nacktbilder", "photos de toi nue|nu", "photos nue|nu",
		"pictures|photos of you naked|nude", "send me nudes",
		"escort service|services", "escorts near you", "incall", "outcall", "gfe", "private pics", "discreet billing", "fotos privadas", "sex chat", "sexchat", "nudes", "porn", "porno", "xxx",
		"garotas de programa", "acompanhantes", "fotos intimas", "conteudo adulto", "sexo casual",
		"chicas escort", "fotos intimas sin censura", "contenido para adultos", "sexkontakte", "erotikchat",
		"rencontres coquines", "rencontres chaudes", "photos nues", "photos intimes", "sans censure", "gatas safadas", "videos explicitos", "conteudo explicito", "sem censura", "sexo sin compromiso", "sexo sem compromisso", "sex ohne verpflichtungen",
		"strip show|shows", "private extras", "striptease", "espectaculo|show de striptease",
		"sin censura", "chat caliente", "chicas|mujeres de tu zona quieren", "garotas|mulheres da sua regiao querem",
		"sexe sans lendemain", "plan cul", "chicas calientes", "garotas quentes", "hot girls|singles near you", "hot local girls|singles|women", "talk dirty", "dirty talk", "heisse girls|frauen in deiner nahe",
		"hot girls|singles in {{}}", "explicit pics|photos|pictures|videos", "de toi nue|nu", "de ti desnuda|desnudo", "de voce nua|pelada",
		"plus c est explicite", "cuanto mas explicito|explicita", "fotos|videos explicitas|explicitos", "photos explicites",
		// Sex sold as a massage: its "finish" or its undressed masseuse.
		"happy ending", "sexual|sensual finish", "full body nude|naked massage", "nude|naked masseuse|masseuses",
		"finition sexuelle|erotique", "massage|massages naturiste|naturistes integral|integraux", "se deshabillent|deshabille entierement",
		"final feliz", "masaje|masajes con final", "masajistas desnudas", "masaje|masajes erotico|eroticos",
		"massagem|massagens com final", "massagista|massagistas nua|nuas", "massagem|massagens erotica|eroticas",
		"heisse|heiße girls|frauen aus deiner nahe", "sextreffen", "sex treffen",
		"erotikmassage*", "happy-end-massage", "nackte masseurin|masseurinnen", "mit happy end",
		// Company for the night sold with a room.
		"full service night", "one of our girls", "our girls from the menu", "chicas a tu habitacion", "garotas no seu quarto",
		"garotas|meninas safadas", "videos|fotos pelados|peladas", "programa completo com as meninas|garotas",
	}},
	{Rule: "abuse.threat", Weight: 1, Phrases: []string{
		"we have your photos", "everyone will know what you did", "tenemos tus fotos", "todos sabran lo que hiciste",
		"temos suas fotos", "todo mundo vai saber", "wir haben deine fotos", "alle werden wissen", "on a tes photos",
		"tout le quartier va savoir", "tout le monde va savoir", "sale menteuse", "sale menteur",
		"ya sabemos donde", "vas a lamentarlo", "algo le|te puede pasar a tu|su familia", "te estamos vigilando|observando",
		"que te esta vigilando", "sonst besuchen wir sie|dich", "wir finden sie|dich", "we know where to find you",
		"algo pode acontecer com sua familia", "algo pode acontecer com a sua familia", "il pourrait arriver quelque chose a ta|votre famille",
		"sabemos onde voce mora|voces moram", "on sait ou tu habites|vous habitez",
		// Violence promised to a tenant or a debtor.
		"quebrar tudo", "na porrada", "te quebro|arrebento", "quebrar sua|tua cara", "romperte|partirte la cara|madre",
		"te voy a romper|partir", "te parto la cara", "je vais tout casser", "te casser la gueule", "ich schlag dich|ihnen",
		"break your legs|face", "kick your head in", "te partimos|rompemos las piernas", "te regler ton compte", "on te casse", "casse toutes tes", "et toi avec", "a que colegio|escuela van tus|sus hijos", "schlage|schlag|haue|hau dir die fresse ein", "die fresse polieren",
		// Violence promised or called for ("a gente quebra o carro todo e
		// você junto", "make their lot bleed", "besucht ihn doch mal").
		"a gente quebra|arrebenta", "e voce junto", "make their lot|fans|supporters|team bleed", "make them bleed", "bring bats",
		"nobody walks away", "besucht ihn|sie doch mal", "zeigt ihm|ihr was wir", "der typ hat es verdient",
		"tenemos tu direccion", "y la de tus padres", "no te va a gustar que vayamos", "hablarlo en persona",
		"todo mundo do bairro vai saber", "vamos espalhar suas fotos", "em todos os grupos ate voce", "ate voce implorar",
	}},
	// Contempt for a group: dehumanising words and turning people away by
	// origin. Words only where no language uses them harmlessly.
	{Rule: "abuse.hate", Weight: 1, Phrases: []string{
		"vermin", "subhuman", "subhumans", "whites only", "no foreigners", "foreigners not welcome",
		"illegals and their kids|families|children", "illegals stay out", "illegals keep out", "real americans only",
		"gentuza", "alimanas", "extranjeros no", "no extranjeros", "gentalha", "estrangeiros nao",
		"gesindel", "ungeziefer", "untermenschen", "keine auslander", "auslander raus", "nur noch deutsche",
		"nur fur deutsche", "auslander und anderes", "nao queremos mais nordestino|nordestinos|negros|baianos|imigrantes|gays",
		"esse povo so traz", "voller auslander|migranten|kanaken", "auslander und asozialer|asoziale", "racaille", "pas d etrangers", "etrangers interdits",
		"no immigrants", "nada de inmigrantes|extranjeros", "no queremos inmigrantes|extranjeros", "sem imigrantes",
		"sois una plaga", "volved|vuelvan|volveis a vuestro|su pais", "no queremos mas _ extranjeros|inmigrantes",
		"fluchtlinge|auslander|migranten bedienen wir", "fora nordestinos|baianos|imigrantes|estrangeiros|negros",
		"chasser les etrangers|immigres", "chasser les familles etrangeres", "out with the immigrants|foreigners", "solches|dieses pack", "gehort|gehoren nicht in unser|unseren viertel|land|laden",
		// A business refusing a people ("no atendemos indios").
		"no atendemos|servimos|aceptamos|admitimos indios|indigenas|gitanos|negros|nacos|inmigrantes|extranjeros",
		"gente de rancho", "nao atendemos|aceitamos indios|indigenas|ciganos|negros|nordestinos",
		"we don t serve|accept travellers|gypsies|immigrants|foreigners", "wir bedienen keine auslander|zigeuner|fluchtlinge",
		"nous ne servons pas les|d etrangers|gitans|immigres",
		"nao queremos imigrantes|estrangeiros", "keine migranten", "pas d immigres",
		"foreigners|immigrants like you", "don t belong in this country", "your filthy family", "les etrangers et les racailles", "les etrangers ne sont pas les bienvenus", "auslander und fluchtlinge brauchen", "ihr seid hier nicht erwunscht", "keine auslander und fluchtlinge", "auslander bleiben draussen", "bleiben auslander draussen", "wer nicht von hier ist soll verschwinden", "go back to your country", "vuelve|regresa|regresate a tu pais", "volta|volte pro|para o seu pais",
		"geh|geht zuruck in dein|euer land", "rentre|retourne dans ton pays", "les gens comme toi|vous ne sont pas les bienvenus",
		"people like you are not welcome", "gente como tu|ustedes no es bienvenida", "gente como voce nao e bem vinda", "leute wie du|ihr sind hier nicht willkommen", "extranjeros|inmigrantes como ustedes|tu|vosotros", "estrangeiros|imigrantes como voces|voce",
		"auslander|migranten wie ihr|euch|du|dich", "etrangers|immigres comme vous|toi",
		"thieving|lazy|dirty foreigners|immigrants", "extranjeros|inmigrantes ladrones|vagos|sucios", "estrangeiros|imigrantes ladroes|vagabundos|sujos",
		"faule|kriminelle|dreckige auslander", "etrangers|immigres voleurs|feignants|sales",
		// German written without umlauts ("Auslaender").
		"keine auslaender", "auslaender raus", "nicht an auslaender",
		"no travellers|gypsies|foreigners|immigrants or|and travellers|gypsies|foreigners|immigrants", "filthy thieves", "proper locals only",
		"nao alugamos|vendemos para nordestinos|negros|gays|imigrantes|estrangeiros|ciganos", "esse tipo de gente que",
		"no alquilamos|vendemos a gitanos|moros|negros|inmigrantes|extranjeros",
		"nao aceitamos hospedes|clientes|inquilinos nordestinos|negros|gays|imigrantes|estrangeiros|ciganos", "gente dessa laia",
		"va se hospedar na favela",
		// A business refusing guests by origin, and saying why ("Solche
		// Leute bringen nur Dreck").
		"keine _ mehr an auslander|zigeuner|fluchtlinge", "keine _ _ mehr an auslander|zigeuner|fluchtlinge", "solche leute bringen nur",
		"bringen nur dreck", "no aceptamos|admitimos|atendemos reservas|clientes de gitanos|moros|negros|indios|inmigrantes|extranjeros",
		"ni de gitanos|moros|negros", "ya sabemos como dejan", "nao aceitamos reservas|clientes de ciganos|negros|nordestinos",
		"nous n acceptons pas les gitans|roms|arabes|etrangers", "n acceptons plus les gens du voyage|etrangers|roms|gitans",
		"qui salissent tout", "entre gens bien", "foreigners and their sort", "aren t welcome here|at", "are not welcome here|at", "english punters only",
		"haben keinen zutritt mehr", "auslander und fluchtlinge haben keinen", "unter uns deutschen", "wo der pfeffer wachst", "nous n acceptons pas de reservations|clients de gitans|roms|arabes|etrangers",
		"sales musulmans|arabes|juifs|noirs|etrangers", "dirty muslims|jews|arabs|immigrants", "sucios moros|judios|negros|musulmanes",
		"nettoyer le quartier de ces", "limpiar el barrio de", "den kiez|das viertel von diesen",
		"auslander vermieten wir", "nicht an auslander", "go back to your own country",
		"go back where you came from", "dahin wo ihr|du herkommt|herkommst", "verschwindet|verschwinde dahin", "leute wie ihr|du gehoren|gehorst nicht",
		"retourne d ou tu viens", "retournez d ou vous venez", "rentrez d ou vous venez", "vuelve|vuelvan de donde viniste|vinieron", "volta|voltem de onde veio|vieram", "no alquilamos a extranjeros|inmigrantes", "nao alugamos para estrangeiros|imigrantes",
		"nous ne louons pas aux etrangers", "we don t rent to foreigners|immigrants",
		"abstenerse moros|gitanos|extranjeros|inmigrantes|sudacas|arabes|negros", "abstenham se estrangeiros|imigrantes",
		"viado e sapatao", "viados e sapatoes", "sapatao nao entra|entram", "viado nao entra|entram", "no gays allowed",
		"gays not welcome", "no atendemos|admitimos|aceptamos a gitanos|moros|negros|musulmanes|extranjeros|inmigrantes", "gitanos ni a moros", "bouge ton gras", "ta femme a honte de toi", "your wife is ashamed of you", "keine schwulen", "no se admiten gays|homosexuales", "nao aceitamos gays", "pas de gays|pedes",
		"no se alquilan pisos a extranjeros|gitanos", "a extranjeros ni a gitanos", "solo traen suciedad|robos",
		"vermieten nicht an auslander", "no alquilamos a extranjeros", "nao alugamos para estrangeiros", "ne louons pas aux etrangers",
		// A group refused service, a home or a job by faith, origin or
		// colour ("we don't rent to Muslims or foreigners", "no queremos
		// nacos ni prietos", "Ausländer unerwünscht"), and a group called a
		// plague to be thrown out.
		"don|won t rent|sell|serve|hire to muslims|jews|blacks|arabs|mexicans|gypsies|immigrants|foreigners|gays|asians|indians",
		"do|will not rent|sell|serve|hire to muslims|jews|blacks|arabs|mexicans|gypsies|immigrants|foreigners|gays|asians|indians",
		"never rent|sell|serve|hire to muslims|jews|blacks|arabs|mexicans|gypsies|immigrants|foreigners|gays|asians|indians",
		"don|won t rent|sell|serve|hire muslims|jews|blacks|arabs|mexicans|gypsies|immigrants|foreigners|gays|asians|indians",
		"do|will not rent|sell|serve|hire muslims|jews|blacks|arabs|mexicans|gypsies|immigrants|foreigners|gays|asians|indians",
		"never rent|sell|serve|hire muslims|jews|blacks|arabs|mexicans|gypsies|immigrants|foreigners|gays|asians|indians",
		"your kind never|always|are|aren|don|ruin*", "no queremos nacos|prietos|indios|negros|gitanos|moros|sudacas|maricones",
		"ni prietos|nacos|indios|negros|gitanos|moros|sudacas", "auslander unerwunscht", "auslander nicht erwunscht", "wer kein deutscher ist",
		"son una plaga", "plaga de delincuentes|parasitos|inmigrantes|extranjeros", "hay que echarlos|echarlas", "parasitos que vienen",
		"sont une plaie|vermine", "sao uma praga", "sind eine plage",
		"pas de roms|noirs|musulmans|juifs|assistes|gitans|maghrebins|africains|migrants", "pas d arabes|etrangers|immigres|africains|assistes",
		"fur deutsche", "nicht an kopftuchtragerinnen|asylanten|auslander|muslime|turken|araber|schwarze", "asylanten",
		"interdit|interdite aux arabes|noirs|juifs|musulmans|roms|etrangers|gitans|maghrebins", "entree interdite aux",
		// Turning people away by origin, however it is worded.
		"refusons|refuse|refusent les etrangers|immigres|gitans|roms|arabes|noirs|musulmans|juifs|migrants|maghrebins|africains",
		"refusons|refuse|refusent les gens du voyage", "entre vrais francais", "essa|esta gente so traz",
		"chega de nordestino|nordestinos|baiano|baianos|imigrante|imigrantes|estrangeiro|estrangeiros|cigano|ciganos",
		"pikey|pikeys", "your lot aren t|are not welcome", "und anderes pack",
		"auslander|fluchtlinge|migranten sind bei uns nicht erwunscht", "sind hier nicht erwunscht", "wer keinen deutschen pass hat",
		"no queremos indigenas", "ni gente de otros estados", "nordestino|nordestinos|baiano|baianos|negro|negros nao entra|entram",
		"deutschland den deutschen",
		"haben bei uns nichts verloren", "sucht euch ein anderes land", "geht zuruck in eure|euer", "echte deutsche", "go back to your|their country", "real americans|brits only", "vuelvan|vete|volved a su|tu pais", "solo espanoles", "voltem|volte para seu|sua pais|terra", "so brasileiros", "rentrez chez vous", "retournez dans votre|vos pays", "francais uniquement",
	}},
}

var abuseLexicon = compile(abuseTerms)

// maxAbuseSignals bounds the signals of one review: a text full of
// insults needs no longer list to be rejected.
const maxAbuseSignals = 5

// abuse finds abusive words and phrases in texts and example values, every
// language's list applying whatever the template's language.
func abuse(d *doc) []Signal {
	var out []Signal
	seen := map[string]bool{}
	for _, h := range abuseLexicon.scan(d, "", partText, partExample, partFilled) {
		if seen[h.e.phrase] || len(out) == maxAbuseSignals {
			continue
		}
		seen[h.e.phrase] = true
		out = append(out, Signal{Rule: h.e.rule, Detail: fragment(h.p, h.from, h.to) + " in " + h.p.where, Weight: 1})
	}
	return out
}
