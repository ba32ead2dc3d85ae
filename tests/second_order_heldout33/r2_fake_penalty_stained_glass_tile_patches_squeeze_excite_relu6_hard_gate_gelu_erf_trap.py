"""Non-saturating GAN with an R2 penalty (gradient norm on generated samples) for stained-glass tile patches."""
import torch
import torch.nn as nn
import torch.nn.functional as F

R2_GAMMA = 5.0


class SqueezeExcite(nn.Module):
    def __init__(self, ch, r=4):
        super().__init__()
        self.fc1 = nn.Linear(ch, ch // r)
        self.fc2 = nn.Linear(ch // r, ch)
        self.act = nn.GELU()

    def forward(self, x):
        w = x.mean(dim=(2, 3))
        w = F.relu6(self.fc2(self.act(self.fc1(w))) + 3.0) / 6.0
        return x * w[:, :, None, None]


class TileDiscriminator(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.stem = nn.Conv2d(3, ch, 3, stride=2, padding=1)
        self.se = SqueezeExcite(ch)
        self.down = nn.Conv2d(ch, 2 * ch, 3, stride=2, padding=1)
        self.head = nn.Linear(2 * ch * 4 * 4, 1)

    def forward(self, x):
        h = F.leaky_relu(self.stem(x), 0.2)
        h = self.se(h)
        h = F.leaky_relu(self.down(h), 0.2)
        return self.head(h.flatten(1))


class TileGenerator(nn.Module):
    def __init__(self, z_dim=8):
        super().__init__()
        self.fc = nn.Linear(z_dim, 3 * 16 * 16)

    def forward(self, z):
        return torch.tanh(self.fc(z)).view(-1, 3, 16, 16)


def r2_penalty(disc, fake):
    fake = fake.detach().requires_grad_(True)
    logits = disc(fake)
    (grad,) = torch.autograd.grad(logits.sum(), fake, create_graph=True)
    return grad.pow(2).flatten(1).sum(1).mean()


def train(steps=3, batch=6):
    torch.manual_seed(1)
    G, D = TileGenerator(), TileDiscriminator()
    opt_g = torch.optim.Adam(G.parameters(), 2e-4, betas=(0.5, 0.99))
    opt_d = torch.optim.Adam(D.parameters(), 2e-4, betas=(0.5, 0.99))
    for it in range(steps):
        real = torch.rand(batch, 3, 16, 16) * 2 - 1
        fake = G(torch.randn(batch, 8))
        d_loss = F.softplus(D(fake.detach())).mean() + F.softplus(-D(real)).mean()
        d_loss = d_loss + 0.5 * R2_GAMMA * r2_penalty(D, fake)
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
        g_loss = F.softplus(-D(G(torch.randn(batch, 8)))).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(it, round(d_loss.item(), 4), round(g_loss.item(), 4))


if __name__ == "__main__":
    train()
