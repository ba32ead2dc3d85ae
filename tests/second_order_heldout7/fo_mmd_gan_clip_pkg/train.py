import torch
import torch.nn.functional as F

from losses import critic_grad_norm, mix_rbf_mmd2
from models import AECritic, Decoder


def train(loader, nz=10, iters=1000, clip=0.01, lam_ae=8.0, d_iters=5):
    netG, netD = Decoder(k=nz), AECritic()
    opt_g = torch.optim.RMSprop(netG.parameters(), lr=5e-5)
    opt_d = torch.optim.RMSprop(netD.parameters(), lr=5e-5)
    for it in range(iters):
        for x in loader[:d_iters]:
            for p in netD.encoder.parameters():
                p.data.clamp_(-clip, clip)
            f_real, rec_real = netD(x)
            with torch.no_grad():
                fake = netG(torch.randn(x.size(0), nz))
            f_fake, rec_fake = netD(fake)
            loss_d = -mix_rbf_mmd2(f_real, f_fake) + lam_ae * (F.mse_loss(rec_real, x) + F.mse_loss(rec_fake, fake))
            opt_d.zero_grad()
            loss_d.backward()
            opt_d.step()
        fake = netG(torch.randn(loader[0].size(0), nz))
        f_real, _ = netD(loader[0])
        f_fake, _ = netD(fake)
        loss_g = mix_rbf_mmd2(f_real, f_fake)
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        if it % 100 == 0:
            print(it, loss_g.item(), critic_grad_norm(netD, loader[0]))
    return netG


if __name__ == "__main__":
    train([torch.randn(4, 3, 32, 32)], iters=1, d_iters=1)
