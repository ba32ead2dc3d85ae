"""R1-regularised critic for violin varnish UV-fluorescence patches; the regulariser is picked by a string in a
recursive AttrDict config (a dict subclass reading keys as attributes)."""
import torch
import torch.nn as nn


class AttrDict(dict):
    __getattr__ = dict.__getitem__

    def __init__(self, d):
        super().__init__({k: AttrDict(v) if isinstance(v, dict) else v for k, v in d.items()})


CFG = AttrDict({
    "data": {"bands": 6, "size": 8, "batch": 8},
    "loss": {"reg": "r1", "gamma": 5.0},
    "optim": {"lr": 2e-4, "steps": 2},
})


class VarnishCritic(nn.Module):
    def __init__(self, bands):
        super().__init__()
        self.conv1 = nn.Conv2d(bands, 16, 3, padding=1)
        self.act1 = nn.PReLU(16)
        self.conv2 = nn.Conv2d(16, 16, 3, padding=1, stride=2)
        self.act2 = nn.LeakyReLU(0.2)
        self.head = nn.Linear(16 * 4 * 4, 1)

    def forward(self, x):
        h = self.act1(self.conv1(x))
        h = self.act2(self.conv2(h))
        return self.head(h.flatten(1))


def r1_penalty(critic, real):
    real = real.detach().requires_grad_(True)
    out = critic(real)
    g, = torch.autograd.grad(out.sum(), real, create_graph=True)
    return g.pow(2).flatten(1).sum(1).mean()


def main():
    torch.manual_seed(0)
    d = CFG.data
    critic = VarnishCritic(d.bands)
    opt = torch.optim.Adam(critic.parameters(), lr=CFG.optim.lr)
    for step in range(CFG.optim.steps):
        real = torch.rand(d.batch, d.bands, d.size, d.size)
        fake = torch.rand(d.batch, d.bands, d.size, d.size)
        loss = torch.relu(1 - critic(real)).mean() + torch.relu(1 + critic(fake)).mean()
        if CFG.loss.reg == "r1":
            loss = loss + 0.5 * CFG.loss.gamma * r1_penalty(critic, real)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, float(loss))


if __name__ == "__main__":
    main()
