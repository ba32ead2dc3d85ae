"""Hinge GAN on bonsai leaf silhouettes; the R1 penalty is switched off in the nested config dict."""
import torch
import torch.nn as nn

CONFIG = {
    "gan": {"use_r1": False, "r1_gamma": 10.0},
    "data": {"size": 8, "batch": 8},
    "optim": {"lr": 2e-4, "steps": 2},
}


class LeafCritic(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(1, 8, 3, padding=1),
            nn.PReLU(8),
            nn.Conv2d(8, 8, 3, stride=2, padding=1),
            nn.Hardswish(),
        )
        self.head = nn.Linear(8 * 4 * 4, 1)

    def forward(self, x):
        return self.head(self.body(x).flatten(1))


def r1_penalty(critic, real):
    real = real.detach().requires_grad_(True)
    g, = torch.autograd.grad(critic(real).sum(), real, create_graph=True)
    return g.pow(2).flatten(1).sum(1).mean()


def main():
    torch.manual_seed(0)
    critic = LeafCritic()
    opt = torch.optim.Adam(critic.parameters(), lr=CONFIG["optim"]["lr"])
    gan = CONFIG["gan"]
    for step in range(CONFIG["optim"]["steps"]):
        real = torch.rand(CONFIG["data"]["batch"], 1, 8, 8)
        fake = torch.rand(CONFIG["data"]["batch"], 1, 8, 8)
        loss = torch.relu(1 - critic(real)).mean() + torch.relu(1 + critic(fake)).mean()
        if gan["use_r1"]:
            loss = loss + 0.5 * gan["r1_gamma"] * r1_penalty(critic, real)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, float(loss))


if __name__ == "__main__":
    main()
