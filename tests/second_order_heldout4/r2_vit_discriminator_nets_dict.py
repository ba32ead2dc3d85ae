"""GAN with a small ViT discriminator regularised by R2 (gradient penalty on generated samples);
the networks live in a dict on the experiment object, as in many config-driven GAN codebases."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Attention(nn.Module):
    def __init__(self, dim, heads=4):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        b, n, c = x.shape
        q, k, v = self.qkv(x).reshape(b, n, 3, self.heads, c // self.heads).permute(2, 0, 3, 1, 4)
        attn = (q @ k.transpose(-2, -1)) * (c // self.heads) ** -0.5
        attn = attn.softmax(dim=-1)
        return self.proj((attn @ v).transpose(1, 2).reshape(b, n, c))


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.attn = Attention(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


class ViTDiscriminator(nn.Module):
    def __init__(self, img=32, patch=4, dim=96, depth=4):
        super().__init__()
        self.patch_embed = nn.Conv2d(3, dim, patch, stride=patch)
        self.cls = nn.Parameter(torch.zeros(1, 1, dim))
        self.pos = nn.Parameter(torch.randn(1, (img // patch) ** 2 + 1, dim) * 0.02)
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU(approximate="tanh"), nn.Linear(dim, 1))

    def forward(self, img):
        x = self.patch_embed(img).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls.expand(x.size(0), -1, -1), x], dim=1) + self.pos
        return self.head(self.blocks(x)[:, 0])


class Experiment:
    def __init__(self, generator, nz=128, r2_gamma=0.1):
        self.nets = {"G": generator, "D": ViTDiscriminator()}
        self.nz = nz
        self.r2_gamma = r2_gamma
        self.opt_d = torch.optim.Adam(self.nets["D"].parameters(), lr=2e-4, betas=(0.0, 0.99))

    def r2_penalty(self, fake):
        fake = fake.detach().requires_grad_(True)
        out = self.nets["D"](fake)
        g = torch.autograd.grad(outputs=out.sum(), inputs=fake, create_graph=True)[0]
        return g.pow(2).sum(dim=[1, 2, 3]).mean()

    def d_step(self, real):
        with torch.no_grad():
            fake = self.nets["G"](torch.randn(real.size(0), self.nz))
        d = self.nets["D"]
        loss = F.softplus(d(fake)).mean() + F.softplus(-d(real)).mean()
        loss = loss + self.r2_gamma / 2 * self.r2_penalty(fake)
        self.opt_d.zero_grad()
        loss.backward()
        self.opt_d.step()
        return loss.item()
