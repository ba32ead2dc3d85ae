"""4x super-resolution of scanned newspaper microfilm (halftone photos), SRResNet generator trained with a
content loss and a conditional WGAN-GP critic. Port of a 2018 SRGAN/WGAN-GP code base: opt from argparse,
weights_init via apply, DataParallel everywhere, optional apex amp."""
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import autograd
from torch.autograd import Variable

try:
    from apex import amp
    HAS_APEX = True
except ImportError:
    amp = None
    HAS_APEX = False

parser = argparse.ArgumentParser()
parser.add_argument('--upscale', type=int, default=4)
parser.add_argument('--hr_size', type=int, default=32)
parser.add_argument('--batchSize', type=int, default=2)
parser.add_argument('--nf', type=int, default=8)
parser.add_argument('--nResBlocks', type=int, default=2)
parser.add_argument('--lrG', type=float, default=1e-4)
parser.add_argument('--lrD', type=float, default=1e-4)
parser.add_argument('--lambda_gp', type=float, default=10.0)
parser.add_argument('--w_adv', type=float, default=1e-3)
parser.add_argument('--niter', type=int, default=3)
parser.add_argument('--amp', action='store_true')
opt = parser.parse_args()


class ResidualBlock(nn.Module):
    def __init__(self, nf):
        super(ResidualBlock, self).__init__()
        self.conv1 = nn.Conv2d(nf, nf, 3, 1, 1)
        self.bn1 = nn.BatchNorm2d(nf)
        self.prelu = nn.PReLU()
        self.conv2 = nn.Conv2d(nf, nf, 3, 1, 1)
        self.bn2 = nn.BatchNorm2d(nf)

    def forward(self, x):
        return x + self.bn2(self.conv2(self.prelu(self.bn1(self.conv1(x)))))


class SRResNet(nn.Module):
    def __init__(self, nf, n_blocks, upscale):
        super(SRResNet, self).__init__()
        self.head = nn.Sequential(nn.Conv2d(1, nf, 9, 1, 4), nn.PReLU())
        self.body = nn.Sequential(*[ResidualBlock(nf) for _ in range(n_blocks)])
        up = []
        for _ in range(int(math.log(upscale, 2))):
            up += [nn.Conv2d(nf, nf * 4, 3, 1, 1), nn.PixelShuffle(2), nn.PReLU()]
        self.up = nn.Sequential(*up)
        self.tail = nn.Conv2d(nf, 1, 9, 1, 4)

    def forward(self, x):
        h = self.head(x)
        h = self.up(h + self.body(h))
        return F.tanh(self.tail(h))


class CondCritic(nn.Module):
    """Sees the HR candidate next to the bicubic-like upsampled LR scan, at full and half resolution."""

    def __init__(self, nf):
        super(CondCritic, self).__init__()
        self.feature_channels = nf * 4
        def block(cin, cout):
            return [nn.Conv2d(cin, cout, 3, 2, 1), nn.LeakyReLU(0.2, inplace=True)]
        self.full = nn.Sequential(*(block(2, nf) + block(nf, nf * 2) + block(nf * 2, nf * 4)))
        self.coarse = nn.Sequential(*(block(2, nf) + block(nf, nf * 4)))
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(nf * 8, 1)

    def forward(self, hr, lr_up):
        x = torch.cat([hr, lr_up], 1)
        x_half = F.upsample(x, scale_factor=0.5, mode='bilinear', align_corners=True)
        f_full = self.pool(self.full(x)).view(x.size(0), -1)
        f_half = self.pool(self.coarse(x_half)).view(x.size(0), -1)
        return self.fc(torch.cat([f_full, f_half], 1))


def weights_init(m):
    classname = m.__class__.__name__
    if classname.find('Conv') != -1:
        m.weight.data.normal_(0.0, 0.02)
    elif classname.find('BatchNorm') != -1:
        m.weight.data.normal_(1.0, 0.02)
        m.bias.data.fill_(0)


def calc_gradient_penalty(netD, real_data, fake_data, lr_up):
    alpha = torch.rand(real_data.size(0), 1, 1, 1).expand_as(real_data)
    interpolates = alpha * real_data + ((1 - alpha) * fake_data)
    interpolates = Variable(interpolates, requires_grad=True)
    disc_interpolates = netD(interpolates, lr_up)
    gradients = autograd.grad(outputs=disc_interpolates, inputs=interpolates,
                              grad_outputs=torch.ones(disc_interpolates.size()),
                              create_graph=True, retain_graph=True, only_inputs=True)[0]
    gradients = gradients.view(gradients.size(0), -1)
    return ((gradients.norm(2, dim=1) - 1) ** 2).mean() * opt.lambda_gp


def microfilm_batch(n, size, upscale):
    """Halftone dots of varying density (photo regions) + vertical column rules; LR = box-averaged scan."""
    yy, xx = torch.meshgrid(torch.arange(size).float(), torch.arange(size).float(), indexing='ij')
    tone = torch.rand(n, 1, 1, 1)
    dots = (torch.sin(xx * 1.6) * torch.sin(yy * 1.6)).unsqueeze(0).unsqueeze(0)
    hr = ((dots + 1) / 2 < tone).float() * 2 - 1
    hr[:, :, :, size // 2] = 1.0
    lr = F.avg_pool2d(hr, upscale)
    return Variable(hr), Variable(lr)


netG = nn.DataParallel(SRResNet(opt.nf, opt.nResBlocks, opt.upscale))
netD = nn.DataParallel(CondCritic(opt.nf))
netG.apply(weights_init)
netD.apply(weights_init)
optimizerG = torch.optim.Adam(netG.parameters(), lr=opt.lrG, betas=(0.5, 0.9))
optimizerD = torch.optim.Adam(netD.parameters(), lr=opt.lrD, betas=(0.5, 0.9))
if opt.amp and HAS_APEX:
    netG, optimizerG = amp.initialize(netG, optimizerG, opt_level='O1')
content_criterion = nn.MSELoss()
print('critic feature channels: %d' % netD.module.feature_channels)

for it in range(opt.niter):
    real_hr, lr = microfilm_batch(opt.batchSize, opt.hr_size, opt.upscale)
    lr_up = F.upsample(lr, scale_factor=opt.upscale, mode='bilinear', align_corners=True)

    # critic
    netD.zero_grad()
    fake_hr = netG(lr).detach()
    d_real = netD(real_hr, lr_up).mean()
    d_fake = netD(fake_hr, lr_up).mean()
    gp = calc_gradient_penalty(netD, real_hr.data, fake_hr.data, lr_up)
    d_cost = d_fake - d_real + gp
    d_cost.backward()
    optimizerD.step()

    # generator
    netG.zero_grad()
    fake_hr = netG(lr)
    g_adv = -netD(fake_hr, lr_up).mean()
    g_content = content_criterion(fake_hr, real_hr)
    g_cost = g_content + opt.w_adv * g_adv
    g_cost.backward()
    optimizerG.step()
    print('[%d/%d] D %.4f  W %.4f  GP %.4f  G content %.4f' % (
        it, opt.niter, d_cost.data.item(), (d_real - d_fake).data.item(), gp.data.item(), g_content.data.item()))
