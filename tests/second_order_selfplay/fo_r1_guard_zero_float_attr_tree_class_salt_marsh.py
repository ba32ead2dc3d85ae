"""Salt-marsh NDVI patch critic; the R1 weight in the attribute-tree config is 0.0."""
import torch
import torch.nn as nn


class Tree:
    def __init__(self, d):
        for key, value in d.items():
            setattr(self, key, Tree(value) if isinstance(value, dict) else value)


cfg = Tree({
    "train": {"r1": 0.0, "steps": 2, "lr": 2e-4, "batch": 8},
    "model": {"ch": 8},
})


class MarshCritic(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.conv = nn.Conv2d(2, ch, 3, padding=1)
        self.act = nn.PReLU(ch)
        self.head = nn.Linear(ch * 8 * 8, 1)

    def forward(self, x):
        return self.head(self.act(self.conv(x)).flatten(1))


def main():
    torch.manual_seed(0)
    critic = MarshCritic(cfg.model.ch)
    opt = torch.optim.Adam(critic.parameters(), lr=cfg.train.lr)
    for step in range(cfg.train.steps):
        real = torch.rand(cfg.train.batch, 2, 8, 8)
        fake = torch.rand(cfg.train.batch, 2, 8, 8)
        loss = torch.relu(1 - critic(real)).mean() + torch.relu(1 + critic(fake)).mean()
        if cfg.train.r1 > 0.0:
            x = real.detach().requires_grad_(True)
            g, = torch.autograd.grad(critic(x).sum(), x, create_graph=True)
            loss = loss + cfg.train.r1 * g.pow(2).flatten(1).sum(1).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, float(loss))


if __name__ == "__main__":
    main()
