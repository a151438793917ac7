"""Unseen kicker, constellation and must-be-blocked questions through the real ask pipeline."""

from __future__ import annotations

import re

import pytest

from bot.ask.pipeline import AskService

# Each row: the question as a judge-channel user types it, the verdict a judge gives
# (None: the engine must abstain) and a rule-number prefix the answer must cite.
Row = tuple[str, str | None, str | None]

KICKER: list[Row] = [
    ("can i kick [[Gatekeeper of Malakir]] twice?", "no", "702.33"),
    ("Can I pay Everflowing Chalice's multikicker three times?", "yes", "702.33c"),
    ("how many times can i kick thornscape battlemage?", "2", "702.33"),
    ("How many times can Academy Drake be kicked?", "1", "702.33"),
    ("Can I pay both kickers on Archangel of Wrath?", "yes", "702.33b"),
    ("can i pay necravolver's {W} kicker twice", "no", "702.33"),
    ("Can I pay the multikicker on joraga warcaller 5 times?", "yes", "702.33c"),
    ("can you kick comet storm multiple times", "yes", "702.33c"),
    ("Can I kick Vicious Offering twice by sacrificing two creatures?", "no", "702.33"),
    ("Is Burst Lightning kicked if I don't pay the kicker?", "no", "702.33d"),
    ("if i pay the kicker on shivan fire, is it kicked?", "yes", "702.33d"),
    ("Can I pay [[Illuminate]]'s two kicker costs together?", "yes", "702.33b"),
    ("can i kick Mold Shambler 2 times", "no", "702.33"),
    ("Can I pay Gnarlid Pack's multikicker four times?", "yes", "702.33c"),
    ("is it legal to pay Tempest Owl's kicker more than once?", "no", "702.33"),
    ("Can I pay Phyrexian Scuta's kicker twice?", "no", "702.33"),
    ("how many times can i kick ana battlemage", "2", "702.33"),
    ("Can I pay Stronghold Arena's {G} kicker and its {W} kicker?", "yes", "702.33b"),
    (
        "What's the total cost of Archangel of Wrath kicked with both kickers?",
        "{2}{W}{W}{B}{R}",
        "601.2f",
    ),
    ("total cost to cast Thornscape Battlemage with both kickers", "{2}{G}{R}{W}", "601.2f"),
    ("how much mana to cast everflowing chalice kicked three times", "{6}", "601.2f"),
    (
        "What's the total cost of Gnarlid Pack with the multikicker paid twice?",
        "{3}{G}{G}{G}",
        "601.2f",
    ),
    ("total cost for a kicked Burst Lightning?", "{4}{R}", "601.2f"),
    (
        "What's the total cost of kicked Shivan Fire with Thalia, Guardian of Thraben on the battlefield?",
        "{5}{R}",
        "601.2f",
    ),
    (
        "Kicked Burst Lightning with my Goblin Electromancer out, what's the total cost?",
        "{3}{R}",
        "601.2f",
    ),
    (
        "What's the total cost to cast Mold Shambler kicked with a Helm of Awakening in play?",
        "{3}{G}{G}",
        "601.2f",
    ),
    ("total cost of comet storm with X=3 kicked twice", "{5}{R}{R}", "601.2f"),
    ("What does it cost to cast Gatekeeper of Malakir kicked?", "{B}{B}{B}", "601.2f"),
    (
        "What's the total cost of Ana Battlemage kicked with just the {1}{B} kicker?",
        "{3}{G}{B}",
        "601.2f",
    ),
    (
        "If I cast Mold Shambler without paying its mana cost and kick it, what's the total cost?",
        "{1}{G}",
        "601.2f",
    ),
    ("What's the total cost of Blaze with X=5?", "{5}{R}", "601.2f"),
    ("Total cost of Illuminate with X=2 and both kickers paid?", "{7}{R}{R}{U}", "601.2f"),
    ("how much to cast molten disaster kicked with x=3", "{3}{R}{R}{R}", "601.2f"),
    ("what's the total cost of Josu Vess, Lich Knight if I kick it?", "{7}{B}{B}{B}", "601.2f"),
    (
        "Total cost to cast Joraga Warcaller with multikicker paid 3 times?",
        "{3}{G}{G}{G}{G}",
        "601.2f",
    ),
    (
        "total cost of Rite of Replication kicked with Helm of Awakening on the battlefield",
        "{6}{U}{U}",
        "601.2f",
    ),
    (
        "What is the total cost of a kicked Orim's Thunder if my opponent has Thalia, Guardian of Thraben?",
        "{3}{W}{R}",
        "601.2f",
    ),
    ("What is the mana value of Fireball on the stack with X=5?", "6", "202.3"),
    ("whats the cmc of a kicked burst lightning on the stack", "1", "202.3"),
    ("mana value of Everflowing Chalice on the battlefield if it was kicked 3 times", "0", "202.3"),
    ("What's the mana value of Comet Storm on the stack with X=4, kicked twice?", "6", "202.3"),
    ("mana value of Archangel of Wrath on the stack kicked twice", "4", "202.3"),
    ("Does kicking Josu Vess, Lich Knight increase its mana value?", "no", "202.3"),
    ("What is the mana value of Comet Storm in my hand?", "2", "202.3"),
    ("mana value of a kicked Rite of Replication on the stack", "4", "202.3"),
    ("What's the mana value of Blaze on the stack if X is 3?", "4", "202.3"),
    ("what's the mana value of a kicked Gigantiform on the battlefield", "5", "202.3"),
    ("Illuminate on the stack with X=2 kicked both ways, what's its mana value?", "3", "202.3"),
    ("cmc of kicked tempest owl?", "2", "202.3"),
    ("What's the MV of Fireball in exile?", "1", "202.3"),
    ("manna value of a kicked Mold Shambler on the battlefield?", "4", "202.3"),
    ("If I Twincast a kicked Burst Lightning, is the copy kicked?", "yes", "707.10"),
    ("I reverberate my opponent's kicked Shivan Fire. Is my copy kicked?", "yes", "707.10"),
    ("If I copy a Comet Storm with X=3, what is X for the copy?", "3", "707.10"),
    ("If I Twincast a Fireball with X=5, what's X for the copy?", "5", "707.10"),
    ("can i pay kicker for the copy when i twincast burst lightning?", "no", "707.10"),
    ("If Clone copies my kicked Academy Drake, is the Clone kicked?", "no", "707.2"),
    ("Is a token copy of a kicked creature kicked?", "no", "707.2"),
    ("If I Twincast an unkicked Orim's Thunder, is the copy kicked?", "no", "707.10"),
    (
        "Mirrorwing Dragon copies my kicked Vines of Vastwood. Are the copies kicked?",
        "yes",
        "707.10",
    ),
    (
        "spark double enters as a copy of my kicked skyclave shade. is spark double kicked?",
        "no",
        "707.2",
    ),
    (
        "If Rite of Replication makes a token copy of my kicked Gatekeeper of Malakir, is the token kicked?",
        "no",
        "707.2",
    ),
    ("Is a copy of a kicked Ghitu Chronicler spell kicked?", "yes", "707.10"),
    (
        "If my kicked Academy Drake gets flickered, is it still kicked when it comes back?",
        "no",
        "400.7",
    ),
    ("Kicked Skyclave Shade dies and I reanimate it. Is it kicked?", "no", "400.7"),
    (
        "If I put Josu Vess, Lich Knight onto the battlefield with Sneak Attack, can it be kicked?",
        "no",
        "702.33",
    ),
    ("Can I kick Burst Lightning if I cast it with flashback?", "yes", "118.9"),
    ("can i pay kicker when i cascade into Mold Shambler?", "yes", "118.9"),
    (
        "If I cast Gatekeeper of Malakir without paying its mana cost, can I kick it?",
        "yes",
        "118.9",
    ),
    ("My kicked Academy Drake phases out and back in. Is it still kicked?", "yes", "702.26"),
    (
        "My kicked Gnarlid Pack was returned from my graveyard to the battlefield. Was it kicked?",
        "no",
        "400.7",
    ),
    ("if my kicked goblin bushwhacker gets blinked does it count as kicked", "no", "400.7"),
    (
        "If I kick Thornscape Battlemage with only the {R} kicker, does the destroy artifact trigger happen?",
        "no",
        "702.33f",
    ),
    ("Thornscape Battlemage kicked with {R}: does the damage trigger happen?", "yes", "702.33f"),
    ("Does Gatekeeper of Malakir's trigger happen if it wasn't kicked?", "no", "702.33"),
    ("How many +1/+1 counters does Joraga Warcaller enter with if kicked 3 times?", "3", "702.33"),
    ("how many charge counters does everflowing chalice get if i kick it twice", "2", "702.33"),
    ("How many counters does Gnarlid Pack enter with when it's unkicked?", "0", "702.33"),
    ("How many wolves do I get from Wolfbriar Elemental kicked four times?", "4", "702.33"),
    ("Bloodhusk Ritualist kicked 3 times: how many cards does my opponent discard?", "3", "702.33"),
    (
        "Ana Battlemage kicked only with the blue kicker: does the tap trigger happen?",
        "no",
        "702.33f",
    ),
    ("Does Goblin Bushwhacker's enters ability trigger when it was kicked?", "yes", "702.33"),
    (
        "Ana Battlemage's {1}{B} kicker trigger targets a creature that dies in response. Does it still deal damage?",
        "no",
        "608.2b",
    ),
    ("how many counters does apex hawks get when kicked twice", "2", "702.33"),
    ("Mold Shambler not kicked - does its destroy trigger happen?", "no", "702.33"),
    ("Can Rushing River be kicked twice?", "no", "702.33"),
    ("what's the total cost of bubble snare with kicker", "{2}{U}{U}", "601.2f"),
    ("Tempest Owl kicked costs how much in total?", "{5}{U}{U}", "601.2f"),
    (
        "Total cost of a kicked Ghitu Chronicler while my opponent controls Thalia, Guardian of Thraben?",
        "{4}{R}{R}",
        "601.2f",
    ),
    (
        "Goblin Electromancer is on the battlefield. Total cost of kicked Orim's Thunder?",
        "{1}{W}{R}",
        "601.2f",
    ),
    ("What would Illuminate cost with X=4 and only the {3}{U} kicker?", "{7}{R}{U}", "601.2f"),
    ("Mana value of Illuminate in my hand?", "1", "202.3"),
    (
        "What's the converted mana cost of Stronghold Arena on the battlefield if it was kicked twice?",
        "2",
        "202.3",
    ),
    ("If I pay both of Stronghold Arena's kickers, how much life do I gain?", "6", "702.33"),
    ("how much life do i gain from stronghold arena kicked once", "3", "702.33"),
    ("Everflowing Chalice kicked 4 times - how many charge counters?", "4", "702.33"),
    ("Skyclave Relic was kicked. Are the token copies it creates kicked?", "no", "707.2"),
    ("If I Twincast my kicked Rushing River, is the copy kicked too?", "yes", "707.10"),
    ("Blood Tribute's kicker is tapping a Vampire. Can I pay it twice?", "no", "702.33"),
    ("is Final Flourish kicked if I pay its kicker by sacrificing a creature?", "yes", "702.33d"),
    ("Does Roost of Drakes give me a Drake if I cast a kicked Burst Lightning?", "yes", "702.33d"),
    ("Roost of Drakes: does casting an unkicked Mold Shambler make a Drake?", "no", "702.33d"),
    (
        "Does Bloodstone Goblin trigger when I cast a kicked Gatekeeper of Malakir?",
        "yes",
        "702.33d",
    ),
    ("can i kick goblin bushwhacker if i cascade into it", "yes", "118.9"),
    (
        "Bloodhusk Ritualist is put onto the battlefield without being cast. How many cards does my opponent discard?",
        "0",
        "702.33",
    ),
    ("Mold Shambler is reanimated. Does its kicker trigger happen?", "no", "400.7"),
    ("Can I kick Thornscape Battlemage with just the {W} kicker?", "yes", "702.33"),
    ("Can I kick a spell I cast with flashback?", "yes", "118.9"),
    ("Can you kick a spell cast without paying its mana cost?", "yes", "118.9"),
    ("If a kicked creature phases out and back in, is it still kicked?", "yes", "702.26"),
    (
        "What's the mana value of Spark Double when it copies my Gatekeeper of Malakir?",
        "2",
        "707.2",
    ),
    ("Does kicker change the mana value of a spell?", "no", "202.3"),
    ("mana value of a copy of Fireball with X=3 on the stack", "4", "202.3"),
    ("What's Blaze's mana value on the stack with X=0?", "1", "202.3"),
    ("What's the mana value of Everflowing Chalice on the stack kicked twice?", "0", "202.3"),
    (
        "i cast Ana Battlemage paying only the {2}{U} kicker. does the discard trigger happen?",
        "yes",
        "702.33f",
    ),
    ("Necravolver enters kicked with only {1}{G}. Was it kicked?", "yes", "702.33d"),
    (
        "How many 2/2 wolves does Wolfbriar Elemental make if I pay multikicker twice?",
        "2",
        "702.33",
    ),
    (
        "my opponent copies my kicked Comet Storm with Reverberate. is their copy kicked?",
        "yes",
        "707.10",
    ),
    (
        "If I cast Josu Vess, Lich Knight for free with an effect that says without paying its mana cost, can I still pay the kicker?",
        "yes",
        "118.9",
    ),
    (
        "total cost of Everflowing Chalice with multikicker paid once and a Helm of Awakening out",
        "{1}",
        "601.2f",
    ),
    (
        "Thalia, Guardian of Thraben is out. What's the total cost of Blaze with X=2?",
        "{3}{R}",
        "601.2f",
    ),
    ("How many times can I pay Necravolver's kicker costs in total?", "2", "702.33"),
    (
        "A Clone copying my kicked Goblin Bushwhacker: does the Clone's kicked trigger happen?",
        "no",
        "707.2",
    ),
    ("if i blink a kicked Tempest Owl is it kicked when it returns", "no", "400.7"),
    ("Can I pay the kicker on a copy of Burst Lightning?", "no", "707.10"),
    (
        "Thalia, Guardian of Thraben and Goblin Electromancer are both out. Total cost of a kicked Burst Lightning?",
        "{4}{R}",
        "601.2f",
    ),
    (
        "With Helm of Awakening on the battlefield, what's the total cost of Ana Battlemage with both kickers?",
        "{4}{G}{U}{B}",
        "601.2f",
    ),
    (
        "My opponent controls Goblin Electromancer. Total cost of my kicked Shivan Fire?",
        "{4}{R}",
        "601.2f",
    ),
    (
        "What's the total cost of Everflowing Chalice kicked twice with Thalia, Guardian of Thraben out?",
        "{5}",
        "601.2f",
    ),
    (
        "What's the mana value of Comet Storm on the stack if X is 2 and it's kicked 3 times?",
        "4",
        "202.3",
    ),
    ("Does a kicked Everflowing Chalice's mana value go up?", "no", "202.3"),
    (
        "Clone copies my opponent's kicked Josu Vess, Lich Knight. Do I get the eight zombies?",
        "no",
        "707.2",
    ),
    (
        "My kicked Goblin Bushwhacker gets bounced to my hand and I recast it without paying the kicker. Does its enters trigger happen?",
        "no",
        "702.33",
    ),
    ("If I kick Ana Battlemage with both kickers, do both triggers happen?", "yes", "702.33f"),
    ("Archangel of Wrath kicked once: does the kicked twice trigger happen?", "no", "702.33"),
    ("Can I kick Archangel of Wrath with {B} twice?", "no", "702.33"),
    ("Can I kick Archangel of Wrath twice?", "yes", "702.33"),
    ("Is a kicked Mold Shambler still kicked after it phases out and in?", "yes", "702.26"),
    ("total cost of Blaze with X=3 and Goblin Electromancer on my side", "{2}{R}", "601.2f"),
    ("mana value of a Fireball copy on the stack where X was 7", "8", "202.3"),
    (
        "If my kicked Gnarlid Pack is returned to my hand, is the card in my hand still kicked?",
        "no",
        "400.7",
    ),
    (
        "What's the total cost of Verdant Force with Helm of Awakening out?",
        "{4}{G}{G}{G}",
        "601.2f",
    ),
    ("Does Bloodstone Goblin trigger when my opponent casts a kicked spell?", "no", "603.2"),
    ("Does Roost of Drakes trigger when I copy a kicked spell with Twincast?", "no", "707.10"),
    (
        "Kicked Gatekeeper of Malakir with Thalia, Guardian of Thraben in play: total cost?",
        "{B}{B}{B}",
        "601.2f",
    ),
    (
        "Thalia, Guardian of Thraben is in my graveyard. What's the total cost of a kicked Burst Lightning?",
        "{4}{R}",
        "601.2f",
    ),
    (
        "Sphere of Resistance is on the battlefield. Total cost of kicked Vines of Vastwood?",
        "{1}{G}{G}",
        "601.2f",
    ),
    (
        "Goblin Electromancer out, total cost of Comet Storm with X=0 and no kicker?",
        "{R}{R}",
        "601.2f",
    ),
    (
        "Goblin Electromancer is in my hand. What's the total cost of kicked Shivan Fire?",
        "{4}{R}",
        "601.2f",
    ),
    ("What's the mana value of Ana Battlemage in my graveyard?", "3", "202.3"),
    ("Can Wolfbriar Elemental's multikicker be paid zero times?", "yes", "702.33c"),
    ("Is Comet Storm kicked if I pay multikicker zero times?", "no", "702.33d"),
    (
        "I cast an unkicked Thornscape Battlemage. Does the artifact destruction trigger happen?",
        "no",
        "702.33",
    ),
    (
        "What's the total cost of Goblin Bushwhacker kicked with Helm of Awakening out?",
        "{R}{R}",
        "601.2f",
    ),
    ("Apex Hawks wasn't kicked. How many +1/+1 counters does it enter with?", "0", "702.33"),
    ("If I cast Comet Storm with X=2 and kick it once, is it kicked?", "yes", "702.33d"),
    ("Can I pay kicker for a spell I put onto the battlefield with an effect?", "no", "702.33"),
    (
        "Total cost to cast Archangel of Wrath kicked with just the red kicker?",
        "{2}{W}{W}{R}",
        "601.2f",
    ),
    (
        "If my opponent gains control of my kicked Gatekeeper of Malakir, is it still kicked?",
        "yes",
        "702.33d",
    ),
    ("Is Everflowing Chalice kicked if I paid its multikicker twice?", "yes", "702.33d"),
    (
        "If my kicked Academy Drake is exiled and returned by Flickerwisp, does it get the counters again?",
        "no",
        "400.7",
    ),
    (
        "Does a copy of my kicked Josu Vess, Lich Knight spell create eight zombies when it resolves?",
        "yes",
        "707.10",
    ),
    ("I copy a kicked Rite of Replication with Twincast. Is the copy kicked?", "yes", "707.10"),
    (
        "comet storm kicked 2 times with X=3: what's the total cost with goblin electromancer out?",
        "{4}{R}{R}",
        "601.2f",
    ),
    ("total cost of Necravolver kicked with {W} only", "{2}{B}{W}", "601.2f"),
    ("If Bubble Snare is kicked, does its enters trigger happen?", "yes", "702.33"),
    (
        "My kicked Josu Vess, Lich Knight is copied by Spark Double. Is Spark Double kicked?",
        "no",
        "707.2",
    ),
    ("If I kick Wolfbriar Elemental zero times, is it kicked?", "no", "702.33d"),
    ("Mana value of Nyxborn Wolf cast with bestow on the stack?", "3", "202.3"),
    (
        "If I cast Ana Battlemage kicked with {2}{U} and my opponent has no cards in hand, does the discard trigger still happen?",
        "yes",
        "702.33f",
    ),
    ("What's the total cost of Burst Lightning if I don't kick it?", "{R}", "601.2f"),
    (
        "Mana value of Ana Battlemage on the battlefield after it was kicked with both kickers?",
        "3",
        "202.3",
    ),
    (
        "If my Goblin Bushwhacker was kicked, does a copy of it made by Spark Double get haste for my team?",
        "no",
        "707.2",
    ),
    ("What's the total cost of Stronghold Arena kicked with {W}?", "{1}{B}{W}", "601.2f"),
    ("How much life do I gain if Stronghold Arena wasn't kicked?", "0", "702.33"),
    (
        "What's the mana value of Comet Storm on the stack if I kicked it 5 times with X=1?",
        "3",
        "202.3",
    ),
    ("if i reanimate a kicked [[Gnarlid Pack]] does it keep its kicked status", "no", "400.7"),
    ("can i pay [[Thornscape Battlemage]]s red kicker 2 times", "no", "702.33"),
    ("[[Archangel of Wrath]] total cost if i pay both kickers", "{2}{W}{W}{B}{R}", "601.2f"),
    ("whats the manna value of [[Comet Storm]] on the stack with x=6", "8", "202.3"),
    (
        "is a copy of a kicked spell kicked too? like if i fork a kicked burst lightning",
        "yes",
        "707.10",
    ),
    ("how many times can you kick [[Ana Battlemage]]", "2", "702.33"),
    ("Does a clone of a kicked creature count as kicked?", "no", "707.2"),
    ("what is the cmc of [[Necravolver]] kicked both ways on the stack", "3", "202.3"),
    (
        "If my opponent copies my kicked Orim's Thunder with Reverberate, is their copy kicked?",
        "yes",
        "707.10",
    ),
    (
        "total cost of kicked Tempest Owl with Helm of Awakening on the battlefield",
        "{4}{U}{U}",
        "601.2f",
    ),
    ("How many +1/+1 counters does Gnarlid Pack get if I pay multikicker 3 times?", "3", "702.33"),
    ("Can I kick Goblin Bushwhacker twice?", "no", "702.33"),
    ("What's the mana value of Gnarlid Pack on the stack kicked 4 times?", "2", "202.3"),
    (
        "What's the total cost of Comet Storm with X=1 and multikicker paid 3 times?",
        "{4}{R}{R}",
        "601.2f",
    ),
]

CONSTELLATION: list[Row] = [
    ("If I create an enchantment token, does Doomwake Giant trigger?", "yes", "603.2"),
    ("Does Grim Guardian trigger when my opponent's enchantment enters?", "no", "603.2"),
    (
        "Doomwake Giant and Eidolon of Blossoms enter at the same time. Do both trigger?",
        "yes",
        "603.6a",
    ),
    (
        "Does my Harvestguard Alseids trigger when a non-enchantment creature enters under my control?",
        "no",
        "603.2",
    ),
    (
        "If I bestow Boon Satyr onto a creature, does Eidolon of Blossoms trigger when it resolves?",
        "yes",
        "603.2",
    ),
    (
        "I cast Nyxborn Wolf with bestow and the target creature dies in response. Does Doomwake Giant trigger?",
        "yes",
        "702.103e",
    ),
    (
        "If my Lure's target creature gets exiled in response, does constellation trigger?",
        "no",
        "608.3b",
    ),
    ("If I reanimate Doomwake Giant, does it trigger?", "yes", "603.2"),
    ("Eidolon of Blossoms phases in. Does it trigger?", "no", "702.26d"),
    ("If a creature I control becomes an enchantment, does Grim Guardian trigger?", "no", "603.2"),
    (
        "I gain control of my opponent's enchantment. Does my Eidolon of Blossoms trigger?",
        "no",
        "603.2",
    ),
    (
        "I control two Eidolons of Blossoms and an enchantment enters under my control. How many cards do I draw?",
        "2",
        "603.2",
    ),
    (
        "Doomwake Giant and Grim Guardian both trigger at the same time. Do I choose the order the triggers go on the stack?",
        "yes",
        "603.3b",
    ),
    (
        "The creature my bestowed Herald of Torment is attached to dies. Does constellation trigger?",
        "no",
        "702.103f",
    ),
    (
        "How many times does Eidolon of Blossoms trigger when two enchantments enter at the same time?",
        "2",
        "603.2",
    ),
    ("Does Strength from the Fallen trigger when it enters itself?", "yes", "603.2"),
    ("If I cast Setessan Tactics, does Eidolon of Blossoms trigger?", "no", "603.2"),
    (
        "When Sigil of the Empty Throne makes an Angel token, does Eidolon of Blossoms trigger?",
        "no",
        "603.2",
    ),
    (
        "Does Eidolon of Blossoms trigger off an artifact enchantment entering under my control?",
        "yes",
        "603.2",
    ),
    ("If I flicker Grim Guardian, does it trigger?", "yes", "603.2"),
    (
        "Does Doomwake Giant trigger when an enchantment I control leaves the battlefield?",
        "no",
        "603.2",
    ),
    (
        "my opponent creates an enchantment token. does my eidolon of blossoms trigger?",
        "no",
        "603.2",
    ),
    (
        "Does Goldenhide Ox's constellation trigger when Goldenhide Ox itself enters?",
        "yes",
        "603.2",
    ),
    ("If Nyxborn Wolf enters bestowed on my creature, does Grim Guardian trigger?", "yes", "603.2"),
    (
        "does constellation trigger if an enchantment is put onto the battlefield under my control by an effect?",
        "yes",
        "603.2",
    ),
    (
        "Harvestguard Alseids and an Aura I control enter at the same time. How many times does Harvestguard Alseids trigger?",
        "2",
        "603.6a",
    ),
    ("does eidolon of blossom trigger when a land enters under my control", "no", "603.2"),
    (
        "do doomwake giants triggers trigger when my opponent casts an aura on my creature?",
        "no",
        "603.2",
    ),
    (
        "If an Aura I cast has its target destroyed in response, does Grim Guardian trigger?",
        "no",
        "608.3b",
    ),
    (
        "Does Eidolon of Blossoms trigger when an enchantment creature returns to the battlefield from my graveyard?",
        "yes",
        "603.2",
    ),
    ("Does grim guardian trigger for an enchantment token my opponent creates?", "no", "603.2"),
    (
        "If the creature targeted by my bestowed Nyxborn Wolf dies in response, does Nyxborn Wolf still enter the battlefield?",
        "yes",
        "702.103e",
    ),
    (
        "If I cast Lure on a creature and it dies in response, does Lure enter the battlefield?",
        "no",
        "608.3b",
    ),
    (
        "If my opponent's Sigil of the Empty Throne enters, does my Doomwake Giant trigger?",
        "no",
        "603.2",
    ),
    (
        "Eidolon of Blossoms: when 2 enchantments enter at once, do I draw two cards?",
        "yes",
        "603.2",
    ),
    (
        "Do constellation triggers happen when an enchantment is cast, before it resolves?",
        "no",
        "603.2",
    ),
    ("Does Favored of Iroas trigger when it enters?", "no", "603.2"),
    ("Setessan Champion enters under my control. Does its constellation trigger?", "no", "603.2"),
    ("Calix, Guided by Fate enters. Does its constellation trigger for itself?", "yes", "603.2"),
    (
        "If Historian's Boon is on the battlefield and I create an enchantment token, does it trigger?",
        "no",
        "603.2",
    ),
    ("does Ajani's Chosen trigger when my Aura resolves and enters?", "yes", "603.2"),
    (
        "My opponent controls Nexus Wardens. An enchantment enters under my control. Does their Nexus Wardens trigger?",
        "no",
        "603.2",
    ),
    (
        "Thoughtrender Lamia and two other enchantments enter at the same time. How many times does Thoughtrender Lamia trigger?",
        "3",
        "603.6a",
    ),
    (
        "Does Captivating Unicorn trigger when an enchantment creature enters under my control?",
        "yes",
        "603.2",
    ),
    ("If I bestow Nyxborn Wolf and it resolves, does Setessan Champion trigger?", "yes", "603.2"),
    ("If my bestowed Boon Satyr becomes unattached, does Nexus Wardens trigger?", "no", "702.103f"),
    (
        "Does Grim Guardian trigger when an enchantment token is created under my opponent's control?",
        "no",
        "603.2",
    ),
    ("If my opponent's Doomwake Giant enters, does my Eidolon of Blossoms trigger?", "no", "603.2"),
    ("When a Saga enters under my control, does constellation trigger?", "yes", "603.2"),
    (
        "Forgeborn Oreads enters at the same time as another enchantment. How many times does it trigger?",
        "2",
        "603.6a",
    ),
    (
        "I return an enchantment from my graveyard to the battlefield. Does Nexus Wardens trigger?",
        "yes",
        "603.2",
    ),
    (
        "If I exchange control of enchantments with my opponent, does my Eidolon of Blossoms trigger?",
        "no",
        "603.2",
    ),
    ("If an enchantment of mine is blinked, does Grim Guardian trigger?", "yes", "603.2"),
    (
        "Does Setessan Skirmisher trigger when my opponent's Aura enters attached to my creature?",
        "no",
        "603.2",
    ),
    ("My enchantment creature phases in. Does Doomwake Giant trigger?", "no", "702.26d"),
    ("Daxos's Torment becomes a creature. Does that trigger constellation?", "no", "603.2"),
    ("Does Underworld Coinsmith trigger when it enters the battlefield?", "yes", "603.2"),
    (
        "When I cast an enchantment spell and it gets countered, does Eidolon of Blossoms trigger?",
        "no",
        "603.2",
    ),
    (
        "If my bestowed Herald of Torment's target is destroyed in response, does Eidolon of Blossoms trigger?",
        "yes",
        "702.103e",
    ),
    (
        "If I cast Gigantiform and its target gets sacrificed in response, does Grim Guardian trigger?",
        "no",
        "608.3b",
    ),
    (
        "Does Nylea's Colossus trigger if a non-enchantment artifact enters under my control?",
        "no",
        "603.2",
    ),
    (
        "how many cards do i draw if eidolon of blossoms and another enchantment enter at the same time",
        "2",
        "603.6a",
    ),
    (
        "Two constellation abilities of mine trigger at once. Do I get to choose which order they go on the stack?",
        "yes",
        "603.3b",
    ),
    (
        "Does Archon of Sun's Grace trigger when an enchantment enters under my opponent's control?",
        "no",
        "603.2",
    ),
    ("Does Whitewater Naiads trigger when it comes into play?", "yes", "603.2"),
    ("Does Eidolon of Blossoms trigger if an enchantment I control is destroyed?", "no", "603.2"),
    (
        "Does Eidolon of Blossoms trigger when my opponent's enchantment enters under my control?",
        "yes",
        "603.2",
    ),
    ("Does Grim Guardian trigger if Grim Guardian dies?", "no", "603.2"),
    (
        "Doomwake Giant is in my graveyard. An enchantment enters under my control. Does Doomwake Giant trigger?",
        "no",
        "603.2",
    ),
    (
        "Eidolon of Blossoms is in my hand and an enchantment enters under my control. Does it trigger?",
        "no",
        "603.2",
    ),
    ("If I cast Eidolon of Blossoms, does it trigger when it resolves?", "yes", "603.2"),
    ("When Eidolon of Blossoms leaves the battlefield, does it trigger?", "no", "603.2"),
    (
        "How many constellation triggers happen in total when two Grim Guardians enter at the same time?",
        "4",
        "603.6a",
    ),
    (
        "If an Aura I control is moved to another creature, does constellation trigger?",
        "no",
        "701.3",
    ),
    ("Does constellation trigger when an enchantment is returned to my hand?", "no", "603.2"),
    (
        "If my opponent steals my Eidolon of Blossoms and then an enchantment enters under my control, does Eidolon of Blossoms trigger?",
        "no",
        "603.2",
    ),
    (
        "Does Doomwake Giant trigger when an Aura enters attached to my opponent's creature under my control?",
        "yes",
        "603.2",
    ),
    (
        "If Eidolon of Blossoms and Grim Guardian are both on the battlefield under my control and an enchantment enters, does each of them trigger?",
        "yes",
        "603.2",
    ),
    ("Does Setessan Champion trigger off an enchantment token I create?", "yes", "603.2"),
    ("Do constellation abilities trigger when an enchantment is exiled?", "no", "603.2"),
    (
        "If my bestowed Nyxborn Wolf is countered by Cancel, does Doomwake Giant trigger?",
        "no",
        "603.2",
    ),
    (
        "Does Eidolon of Blossoms trigger if it's in my graveyard when an enchantment enters?",
        "no",
        "113.6",
    ),
    (
        "Boon Satyr cast with bestow targets a creature that gains protection from green in response. Does Boon Satyr enter the battlefield?",
        "yes",
        "702.103e",
    ),
    ("Does Grim Guardian trigger when my opponent's Grim Guardian enters?", "no", "603.2"),
    (
        "If I flicker my opponent's enchantment and it returns under their control, does my Eidolon of Blossoms trigger?",
        "no",
        "603.2",
    ),
    (
        "If Nyxborn Wolf is bestowed onto my creature and then the creature dies, does Eidolon of Blossoms trigger again?",
        "no",
        "702.103f",
    ),
    (
        "Does Harvestguard Alseids trigger when an enchantment enters under my opponent's control?",
        "no",
        "603.2",
    ),
    (
        "My opponent controls Eidolon of Blossoms. An enchantment enters under my control. Does my opponent draw a card?",
        "no",
        "603.2",
    ),
    (
        "Does Setessan Champion trigger when Eidolon of Blossoms enters under my control?",
        "yes",
        "603.2",
    ),
    (
        "Grim Guardian and two other enchantments enter at the same time. How many times does Grim Guardian trigger?",
        "3",
        "603.6a",
    ),
    ("does eidolon of blossoms trigger when i play a land", "no", "603.2"),
    ("A Saga enters under my opponent's control. Does my Doomwake Giant trigger?", "no", "603.2"),
    ("Will Eidolon of Blossoms trigger for a Clone copying my Doomwake Giant?", "yes", "603.2"),
    (
        "How many times does Doomwake Giant trigger if I bestow Boon Satyr and it resolves?",
        "1",
        "603.2",
    ),
    (
        "If Goldenhide Ox enters at the same time as another enchantment, how many times does it trigger?",
        "2",
        "603.6a",
    ),
    (
        "My opponent's Doomwake Giant and my enchantment enter at the same time. Does their Doomwake Giant trigger for my enchantment?",
        "no",
        "603.2",
    ),
    (
        "Do constellation abilities trigger for each enchantment when three enchantments enter at once?",
        "yes",
        "603.6a",
    ),
    ("If I return Eidolon of Blossoms to my hand, does its constellation trigger?", "no", "603.2"),
    ("does [[Eidolon of Blossoms]] trigger off my opponents enchantments entering", "no", "603.2"),
    (
        "does constelation trigger on an enchantment creature entering under my control",
        "yes",
        "603.2",
    ),
    ("when two constellation triggers go off at once do i pick the order", "yes", "603.3b"),
    ("bestow aura target dies in response, does my constellation still go off", "yes", "702.103e"),
    ("does [[Grim Guardian]] trigger if i blink it", "yes", "603.2"),
    ("Does Nexus Wardens trigger when it enters the battlefield?", "no", "603.2"),
    ("Does Agent of Erebos trigger when it enters?", "yes", "603.2"),
    (
        "If an opponent bounces my Eidolon of Blossoms and I recast it, does it trigger when it enters again?",
        "yes",
        "603.2",
    ),
    (
        "My enchantment creature becomes a copy of a non-enchantment creature. Does Grim Guardian trigger?",
        "no",
        "603.2",
    ),
]

BLOCKING: list[Row] = [
    (
        "Goldenhide Ox targets my attacker. Must my opponent block it with every creature?",
        "no",
        "509.1c",
    ),
    (
        "Prized Unicorn attacks. Do all of my opponent's creatures able to block have to block it?",
        "yes",
        "509.1c",
    ),
    (
        "I cast Irresistible Prey on my creature: does my opponent have to block it with all their creatures?",
        "no",
        "509.1c",
    ),
    (
        "With Irresistible Prey on my attacker, can my opponent choose not to block it?",
        "no",
        "509.1c",
    ),
    (
        "Goldenhide Ox's trigger makes my creature have to be blocked. How many creatures must block it?",
        "1",
        "509.1c",
    ),
    ("can a tapped creature block a creature that must be blocked?", "no", "509.1a"),
    (
        "Prized Unicorn attacks and my opponent has a creature that can't block. Does that creature have to block?",
        "no",
        "509.1",
    ),
    (
        "If my flying creature must be blocked and my opponent has no creatures with flying or reach, do they have to block it?",
        "no",
        "509.1",
    ),
    ("Irresistible Prey targets my attacker; can two of their creatures block it?", "yes", "509.1"),
    ("does every creature have to block a creature that must be blocked if able?", "no", "509.1c"),
    (
        "My creature enchanted with Lure attacks. Do all creatures able to block have to block it?",
        "yes",
        "509.1c",
    ),
    (
        "goldenhide ox: does my opponent get to pick which creature blocks the one that must be blocked?",
        "yes",
        "509.1c",
    ),
    (
        "Prized Unicorn attacks and opponent has 3 untapped creatures. Do all three have to block it?",
        "yes",
        "509.1c",
    ),
    (
        "if a creature has to be blocked by goldenhide ox's trigger can my opponent decline to block?",
        "no",
        "509.1c",
    ),
    (
        "Does Goldenhide Ox's trigger make all of my opponent's creatures block the target?",
        "no",
        "509.1c",
    ),
    (
        "A creature must be blocked if able and the defending player has two untapped creatures. How many have to block it?",
        "1",
        "509.1c",
    ),
    (
        "Prized Unicorn is attacking and their only creature is tapped. Do they have to block it?",
        "no",
        "509.1",
    ),
    (
        "If two of my creatures must be blocked and there's only one blocker, does the blocker have to block one of them?",
        "yes",
        "509.1c",
    ),
    (
        "Irresistible Prey: can my opponent block the creature with more than one creature?",
        "yes",
        "509.1",
    ),
    ("Lure: must a creature that can't block block the enchanted creature?", "no", "509.1"),
    ("goldenhide ox trigger: can my opponent block it with just one creature?", "yes", "509.1c"),
    (
        "Must every creature my opponent controls block a creature that must be blocked this turn if able?",
        "no",
        "509.1c",
    ),
    (
        "Prized Unicorn attacks. Can my opponent leave one of their untapped creatures back and not block?",
        "no",
        "509.1c",
    ),
    (
        "Goldenhide Ox targets my creature; my opponent's only untapped creature can't block. Do they have to block?",
        "no",
        "509.1",
    ),
    (
        "If my creature must be blocked, can my opponent block it with a tapped creature?",
        "no",
        "509.1a",
    ),
    ("Does 'must be blocked if able' mean at least one creature has to block it?", "yes", "509.1c"),
    (
        "With Lure on my ground creature, does my opponent's creature with flying have to block it?",
        "yes",
        "509.1c",
    ),
    (
        "Prized Unicorn attacks and my opponent has three untapped creatures. Can they block it with just one creature?",
        "no",
        "509.1c",
    ),
    (
        "Goldenhide Ox's trigger targets my creature. Can my opponent block it with two creatures?",
        "yes",
        "509.1",
    ),
    (
        "Goldenhide Ox made my attacker have to be blocked. My opponent's creatures all have defender. Do they have to block it?",
        "yes",
        "509.1c",
    ),
    (
        "Prized Unicorn attacks and my opponent's only creature has menace. Does it have to block?",
        "yes",
        "509.1c",
    ),
    (
        "Two Prized Unicorns attack. Must my opponent's creatures all block the same one?",
        "no",
        "509.1c",
    ),
    ("Can a creature with 'can't block' block a creature that must be blocked?", "no", "509.1"),
    (
        "[[Goldenhide Ox]] - do ALL their creatures have to block the targeted creature??",
        "no",
        "509.1c",
    ),
    ("[[Prized Unicorn]] attacks, can a creature of theirs just not block", "no", "509.1c"),
    (
        "Irresistible Prey targeted my creature. Does my opponent have to block it with at least one creature if able?",
        "yes",
        "509.1c",
    ),
]

ABSTAIN: list[Row] = [
    ("What's the best kicker card in pauper?", None, None),
    ("Does deathtouch kill an indestructible creature?", None, None),
    ("Who wins if both players go to 0 life at the same time?", None, None),
    ("How does trample work when the blocker has protection?", None, None),
    (
        "What happens when Doomwake Giant gives -1/-1 to a creature with a +1/+1 counter?",
        None,
        None,
    ),
    ("Can I respond to Krosan Grip?", None, None),
    ("Is Gatekeeper of Malakir good in cube?", None, None),
    ("What's the power of Gnarlid Pack kicked twice?", None, None),
    ("Can Archangel of Wrath's trigger target a planeswalker?", None, None),
    ("lol what", None, None),
    ("What does hexproof do against my own Boon Satyr bestow?", None, None),
    (
        "Does Goldenhide Ox's trigger force a block if the creature has menace and they have one creature?",
        None,
        None,
    ),
    ("How much life do I lose from Grim Guardian triggers?", None, None),
    ("Can I sacrifice a land I just played to kick Magma Burst?", None, None),
    ("Does a kicked Academy Drake have flying?", None, None),
    ("What's the toughness of Necravolver kicked with both?", None, None),
    ("Is Eidolon of Blossoms legal in Modern?", None, None),
    ("Can I counter a kicked spell?", None, None),
    ("Does Doomwake Giant kill my opponent's 1/1s?", None, None),
    ("best constellation deck?", None, None),
    ("How does protection interact with Goldenhide Ox's must be blocked?", None, None),
    ("Who gets priority after Grim Guardian's trigger resolves?", None, None),
    ("What happens to a kicked Gigantiform when the creature dies?", None, None),
    ("Can Burst Lightning be kicked at instant speed?", None, None),
    ("Is Comet Storm better than Fireball?", None, None),
    ("What's the best way to kick Josu Vess in limited?", None, None),
    ("How many cards do I draw from Bloodhusk Ritualist kicked 2 times?", None, None),
    ("how much life does my opponent lose from Stronghold Arena kicked twice?", None, None),
    (
        "Does a kicked Burst Lightning deal 4 damage to a creature with protection from red?",
        None,
        None,
    ),
    ("If I cascade into Josu Vess, Lich Knight, is it kicked?", None, None),
    ("I cast Comet Storm with X=2 and kick it once. How many targets can I choose?", None, None),
    ("Is Lure's 'all creatures able to block' the same as must be blocked?", None, None),
    (
        "Can I respond to Gatekeeper of Malakir's kicked trigger by sacrificing the creature?",
        None,
        None,
    ),
    ("Total cost of Fireball with X=4 targeting one creature?", None, None),
    (
        "With two Thalia, Guardian of Thraben on the battlefield, what's the total cost of kicked Burst Lightning?",
        None,
        None,
    ),
    ("I control two Helms of Awakening. Total cost of kicked Mold Shambler?", None, None),
    ("with thalia out whats the total cost of kicked burst lightning", None, None),
]


def _same(got: str | None, want: str | None) -> bool:
    if got is None or want is None:
        return got is want
    if want.startswith("{"):
        # Mana costs match whatever order their symbols are written in.
        return sorted(re.findall(r"\{[^}]+\}", got)) == sorted(re.findall(r"\{[^}]+\}", want))
    return got.casefold() == want.casefold()


async def _failures(service: AskService, rows: list[Row]) -> list[str]:
    out: list[str] = []
    for question, verdict, rule in rows:
        answer = await service.ask(question)
        if not _same(answer.verdict, verdict):
            out.append(f"{question!r}: verdict {answer.verdict!r}, expected {verdict!r}")
            continue
        if rule is None:
            continue
        cited = [c.ref for c in answer.citations if c.source == "rule"]
        if not any(ref.startswith(rule) for ref in cited):
            out.append(f"{question!r}: cites {cited}, expected a rule under {rule}")
    return out


@pytest.mark.parametrize(
    "rows",
    [KICKER, CONSTELLATION, BLOCKING, ABSTAIN],
    ids=["kicker", "constellation", "blocking", "abstain"],
)
async def test_unseen_questions(full_service: AskService, rows: list[Row]) -> None:
    failures = await _failures(full_service, rows)
    assert not failures, "\n".join(failures)
