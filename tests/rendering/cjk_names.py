"""Real Japanese and Korean family and given names, for the tests that draw members' names.

Family names are the most common ones (with some rarer forms written with JIS X 0208 level 2
kanji or with the variant kanji Windows adds, such as 髙 and 﨑); given names are common ones of
several generations, in kanji, kana and Hangul."""

from __future__ import annotations

JAPANESE_FAMILY_NAMES = """
佐藤 鈴木 高橋 田中 伊藤 渡辺 山本 中村 小林 加藤 吉田 山田 佐々木 山口 松本 井上 木村 林 斎藤 清水
山崎 森 池田 橋本 阿部 石川 山下 中島 石井 小川 前田 岡田 長谷川 藤田 後藤 近藤 村上 遠藤 青木 坂本
斉藤 福田 太田 西村 藤井 金子 岡本 藤原 中野 三浦 原田 中川 松田 竹内 小野 田村 中山 和田 石田 森田
上田 原 内田 柴田 酒井 宮崎 横山 高木 安藤 宮本 大野 小島 工藤 谷口 今井 高田 丸山 増田 杉山 村田
大塚 小山 平野 藤本 河野 上野 野口 武田 松井 千葉 岩崎 菅原 木下 久保 佐野 野村 松尾 菊地 杉本 市川
髙橋 山﨑 齋藤 渡邉 渡邊 澤田 濱田 廣瀬 櫻井 邊見 嶋田 芦田 薗田 蔦谷 鷲尾 鰐淵 魚住 鬼塚 葛西 辻
""".split()
JAPANESE_GIVEN_NAMES = """
太郎 健 翔太 大輔 拓也 直樹 陽介 蓮 悠真 湊 大翔 陽翔 樹 悠人 朝陽 蒼 律 颯 湊斗 健太
誠 浩 隆 学 剛 修 稔 茂 勇 博 昭 正 清 進 実 豊 明 和夫 一郎 次郎
花子 陽葵 凛 結菜 葵 芽依 紬 澪 莉子 美咲 さくら 愛 優子 恵子 幸子 洋子 和子 裕子 智子 真由美
由美子 美穂 香織 麻衣 彩 七海 結衣 楓 陽菜 美羽 ひなた ゆい あおい はると そうた みのり かおり ゆうき あかり ツバサ
ケンジ ミナミ 琴音 詩織 千尋 遥 雫 瑠璃 翠 渚 雅 伶奈 綾乃 佳奈 絢子 巴 燈 龍之介 慎之介 鴎外
""".split()
KOREAN_FAMILY_NAMES = """
김 이 박 최 정 강 조 윤 장 임 한 오 서 신 권 황 안 송 전 홍 유 고 문 양 손 배 백 허 남 심 노 하 곽 성 차
주 우 구 민 류 나 진 지 엄 채 원 천 방 공 현 함 변 염 여 추 도 소 석 선 설 마 길 연 위 표 명 기 반 왕
금 옥 육 인 맹 제 모 탁 국 어 은 편 용 예 경 봉 사 부 황보 남궁 제갈 선우 독고 사공 서문
""".split()
KOREAN_GIVEN_NAMES = """
민준 서준 도윤 예준 시우 하준 주원 지호 지후 준우 준서 도현 건우 현우 우진 선우 서진 연우 유준 정우
승우 승현 시윤 준혁 은우 지환 승민 지우 유찬 윤우 민성 준영 시후 진우 지원 수호 재윤 시현 동현 태윤
서연 서윤 지우 서현 민서 하은 하윤 윤서 지유 지민 채원 지윤 은서 수아 다은 예은 수빈 지아 소율 예린
예원 지원 소윤 시은 유나 채은 하린 가은 윤아 서아 아린 수민 영희 철수 영수 순자 영자 정숙 미숙 경희
상철 광수 정호 성훈 동욱 혜진 은정 미영 현정 지혜 수진 은영 선영 정은 민정 은주 혜원 슬기 보람 한결
종현 태민 기범 진기 민호 윤호 창민 재중 준수 유천 희철 규현 려욱 예성 동해 은혁 시원 성민 나래 빛나
""".split()


def japanese_names() -> list[str]:
    """Every family and given name, and a few full names as members write them (220 distinct names)."""
    full = [f"{family} {given}" for family, given in zip(JAPANESE_FAMILY_NAMES, JAPANESE_GIVEN_NAMES)]
    return [*JAPANESE_FAMILY_NAMES, *JAPANESE_GIVEN_NAMES, *full[::9]]


def korean_names() -> list[str]:
    """Every family and given name, and full names (family name first, no space; 211 distinct names)."""
    full = [family + given for family, given in zip(KOREAN_FAMILY_NAMES, KOREAN_GIVEN_NAMES)]
    return [*KOREAN_FAMILY_NAMES, *KOREAN_GIVEN_NAMES, *full]
