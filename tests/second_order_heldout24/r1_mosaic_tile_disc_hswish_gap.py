# Non-saturating GAN with R1 (Mescheder et al. 2018) on Roman mosaic tile crops
import torch
import torch.nn as nn
import torch.nn.functional as F


def conv_block(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride=2, padding=1),
        nn.Hardswish(),
    )


class TileDiscriminator(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.features = nn.Sequential(conv_block(3, ch), conv_block(ch, 2 * ch))
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(2 * ch, 1)

    def forward(self, x):
        return self.fc(self.gap(self.features(x)).flatten(1))


def compute_grad2(d_out, x_in):
    batch_size = x_in.size(0)
    grad_dout = torch.autograd.grad(outputs=d_out.sum(), inputs=x_in, create_graph=True,
                                    retain_graph=True, only_inputs=True)[0]
    grad_dout2 = grad_dout.pow(2)
    return grad_dout2.view(batch_size, -1).sum(1)


generator = nn.Sequential(nn.Linear(32, 3 * 16 * 16), nn.Tanh(), nn.Unflatten(1, (3, 16, 16)))
discriminator = TileDiscriminator()
g_opt = torch.optim.RMSprop(generator.parameters(), lr=1e-4)
d_opt = torch.optim.RMSprop(discriminator.parameters(), lr=1e-4)
reg_param = 10.0

for it in range(3):
    x_real = torch.rand(4, 3, 16, 16) * 2 - 1
    z = torch.randn(4, 32)
    # discriminator step
    d_opt.zero_grad()
    x_real.requires_grad_()
    d_real = discriminator(x_real)
    dloss_real = F.binary_cross_entropy_with_logits(d_real, torch.ones_like(d_real))
    reg = reg_param * compute_grad2(d_real, x_real).mean()
    with torch.no_grad():
        x_fake = generator(z)
    d_fake = discriminator(x_fake)
    dloss_fake = F.binary_cross_entropy_with_logits(d_fake, torch.zeros_like(d_fake))
    (dloss_real + dloss_fake + reg).backward()
    d_opt.step()
    # generator step
    g_opt.zero_grad()
    d_gen = discriminator(generator(z))
    gloss = F.binary_cross_entropy_with_logits(d_gen, torch.ones_like(d_gen))
    gloss.backward()
    g_opt.step()
