"""DRAGAN (Kodali et al. 2017) on meteor-radar echo spectrograms: gradient penalty around perturbed real data."""
import torch
import torch.nn as nn

LAMBDA = 10.0
C = 0.5


def disc_block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, 2, 1), nn.Hardswish())


class EchoDiscriminator(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(disc_block(1, 8), disc_block(8, 16))
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(16, 1)

    def forward(self, x):
        return self.fc(self.gap(self.features(x)).flatten(1))


netG = nn.Sequential(nn.Linear(20, 256), nn.Sigmoid(), nn.Unflatten(1, (1, 16, 16)))
netD = EchoDiscriminator()
bce = nn.BCEWithLogitsLoss()
optD = torch.optim.Adam(netD.parameters(), lr=1e-4, betas=(0.5, 0.9))
optG = torch.optim.Adam(netG.parameters(), lr=1e-4, betas=(0.5, 0.9))

for i in range(2):
    real = torch.rand(6, 1, 16, 16)
    fake = netG(torch.randn(6, 20))
    d_loss = bce(netD(real), torch.ones(6, 1)) + bce(netD(fake.detach()), torch.zeros(6, 1))

    noise = C * real.std() * torch.rand_like(real)
    alpha = torch.rand(6, 1, 1, 1)
    x_p = (alpha * real + (1 - alpha) * (real + noise)).detach().requires_grad_(True)
    out = netD(x_p)
    gradients = torch.autograd.grad(outputs=out, inputs=x_p, grad_outputs=torch.ones(out.size()),
                                    create_graph=True, retain_graph=True, only_inputs=True)[0]
    gp = LAMBDA * ((gradients.view(gradients.size(0), -1).norm(2, dim=1) - 1) ** 2).mean()
    netD.zero_grad()
    (d_loss + gp).backward()
    optD.step()

    netG.zero_grad()
    g_loss = bce(netD(netG(torch.randn(6, 20))), torch.ones(6, 1))
    g_loss.backward()
    optG.step()
    print(i, d_loss.item(), gp.item(), g_loss.item())
