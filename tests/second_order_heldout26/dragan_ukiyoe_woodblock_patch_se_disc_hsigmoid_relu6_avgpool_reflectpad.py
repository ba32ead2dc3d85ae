"""DRAGAN (Kodali et al. 2017) on 16x16 ukiyo-e woodblock print patches.

Discriminator: reflection-padded convs with a MobileNetV3-style squeeze-excitation gate.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

LAMBDA_DRAGAN = 10.0
NZ = 24


class SqueezeExcite(nn.Module):
    def __init__(self, ch, r=4):
        super().__init__()
        self.fc1 = nn.Linear(ch, ch // r)
        self.fc2 = nn.Linear(ch // r, ch)

    def forward(self, x):
        s = x.mean(dim=(2, 3))
        s = F.relu6(self.fc2(F.relu(self.fc1(s))) + 3.0) / 6.0  # h-sigmoid gate
        return x * s[:, :, None, None]


class PrintPatchDisc(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.pad = nn.ReflectionPad2d(1)
        self.conv1 = nn.Conv2d(3, ch, 3)
        self.se = SqueezeExcite(ch)
        self.conv2 = nn.Conv2d(ch, 2 * ch, 3, padding=1)
        self.fc = nn.Linear(2 * ch * 4 * 4, 1)

    def forward(self, x):
        h = F.leaky_relu(self.conv1(self.pad(x)), 0.2)
        h = F.avg_pool2d(self.se(h), 2)
        h = F.leaky_relu(self.conv2(h), 0.2)
        h = F.avg_pool2d(h, 2)
        return self.fc(h.flatten(1))


G = nn.Sequential(nn.Linear(NZ, 3 * 16 * 16), nn.Tanh())
D = PrintPatchDisc()
bce = nn.BCEWithLogitsLoss()
opt_d = torch.optim.Adam(D.parameters(), lr=1e-4, betas=(0.5, 0.9))
opt_g = torch.optim.Adam(G.parameters(), lr=1e-4, betas=(0.5, 0.9))


def dragan_penalty(disc, x, k=1.0, c=0.5):
    x_hat = (x + c * x.std() * torch.rand_like(x)).detach().requires_grad_(True)
    out = disc(x_hat)
    grad = torch.autograd.grad(out, x_hat, torch.ones_like(out), create_graph=True)[0]
    return ((grad.view(grad.size(0), -1).norm(dim=1) - k) ** 2).mean()


for step in range(2):
    real = torch.rand(6, 3, 16, 16) * 2 - 1
    fake = G(torch.randn(6, NZ)).view(6, 3, 16, 16)
    ones, zeros = torch.ones(6, 1), torch.zeros(6, 1)
    d_loss = bce(D(real), ones) + bce(D(fake.detach()), zeros)
    d_loss = d_loss + LAMBDA_DRAGAN * dragan_penalty(D, real)
    opt_d.zero_grad()
    d_loss.backward()
    opt_d.step()

    g_loss = bce(D(fake), ones)
    opt_g.zero_grad()
    g_loss.backward()
    opt_g.step()
    print(step, d_loss.item(), g_loss.item())
