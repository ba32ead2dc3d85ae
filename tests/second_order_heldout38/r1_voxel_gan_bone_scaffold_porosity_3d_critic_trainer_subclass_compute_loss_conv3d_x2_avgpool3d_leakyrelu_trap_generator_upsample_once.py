"""Voxel GAN for 3-D bone-scaffold porosity patches, with an R1 penalty on the real voxels.

A generic Trainer runs the loop; the GAN trainer overrides compute_loss.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

VOX = 8
Z = 16


class VoxelGenerator(nn.Module):
    def __init__(self, z=Z):
        super().__init__()
        self.fc = nn.Linear(z, 8 * 4 * 4 * 4)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.conv = nn.Conv3d(8, 1, 3, padding=1)

    def forward(self, z):
        h = self.fc(z).view(-1, 8, 4, 4, 4)
        return torch.sigmoid(self.conv(self.up(F.relu(h))))


class VoxelCritic(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv3d(1, 8, 3, padding=1)
        self.c2 = nn.Conv3d(8, 16, 3, padding=1)
        self.pool = nn.AvgPool3d(2)
        self.act = nn.LeakyReLU(0.2)
        self.fc = nn.Linear(16 * 4 * 4 * 4, 1)

    def forward(self, v):
        h = self.act(self.c1(v))
        h = self.pool(self.act(self.c2(h)))
        return self.fc(h.flatten(1))


class Trainer:
    def __init__(self, steps=4, log_every=1):
        self.steps = steps
        self.log_every = log_every

    def compute_loss(self, batch):
        raise NotImplementedError

    def fit(self, loader):
        for step in range(self.steps):
            logs = self.compute_loss(next(loader))
            if step % self.log_every == 0:
                print(f"step {step} " + " ".join(f"{k} {v:.4f}" for k, v in logs.items()))


class R1GANTrainer(Trainer):
    def __init__(self, gen, critic, gamma=10.0, **kw):
        super().__init__(**kw)
        self.gen, self.critic, self.gamma = gen, critic, gamma
        self.opt_g = torch.optim.Adam(gen.parameters(), lr=2e-4, betas=(0.0, 0.99))
        self.opt_d = torch.optim.Adam(critic.parameters(), lr=2e-4, betas=(0.0, 0.99))

    def r1(self, real):
        real = real.detach().requires_grad_(True)
        out = self.critic(real)
        (g,) = torch.autograd.grad(out.sum(), real, create_graph=True)
        return g.pow(2).flatten(1).sum(1).mean(), out

    def compute_loss(self, real):
        z = torch.randn(real.size(0), Z)
        fake = self.gen(z)
        penalty, d_real = self.r1(real)
        d_fake = self.critic(fake.detach())
        d_loss = F.softplus(d_fake).mean() + F.softplus(-d_real).mean() + 0.5 * self.gamma * penalty
        self.opt_d.zero_grad()
        d_loss.backward()
        self.opt_d.step()

        g_loss = F.softplus(-self.critic(self.gen(z))).mean()
        self.opt_g.zero_grad()
        g_loss.backward()
        self.opt_g.step()
        return {"d": d_loss.item(), "g": g_loss.item(), "r1": penalty.item()}


def scaffold_loader(batch=4):
    while True:
        base = torch.rand(batch, 1, VOX, VOX, VOX)
        yield (F.avg_pool3d(base, 3, stride=1, padding=1) > 0.5).float()


if __name__ == "__main__":
    torch.manual_seed(5)
    R1GANTrainer(VoxelGenerator(), VoxelCritic(), steps=4).fit(scaffold_loader())
