import torch.nn as nn

ACTS = {
    "relu": nn.ReLU,
    "hardswish": nn.Hardswish,
    "leaky": lambda: nn.LeakyReLU(0.2),
}
POOLS = {
    "avg": nn.AvgPool2d,
    "max": nn.MaxPool2d,
}


def critic_block(cin, cout, cfg):
    return [nn.Conv2d(cin, cout, 3, padding=1), ACTS[cfg.critic_act](), POOLS[cfg.critic_pool](2)]


class GrainCritic(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        w = cfg.width
        self.features = nn.Sequential(*critic_block(cfg.bands, w, cfg), *critic_block(w, 2 * w, cfg))
        self.score = nn.Linear(2 * w * (cfg.img // 4) ** 2, 1)

    def forward(self, x):
        return self.score(self.features(x).flatten(1)).squeeze(1)


class GrainGenerator(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.fc = nn.Linear(cfg.latent, 32 * (cfg.img // 2) ** 2)
        self.up = nn.Upsample(scale_factor=2, mode=cfg.gen_upsample)
        self.conv = nn.Conv2d(32, cfg.bands, 3, padding=1)
        self.act = ACTS[cfg.gen_act]()

    def forward(self, z):
        h = self.act(self.fc(z)).view(-1, 32, self.cfg.img // 2, self.cfg.img // 2)
        return self.conv(self.up(h)).sigmoid()
