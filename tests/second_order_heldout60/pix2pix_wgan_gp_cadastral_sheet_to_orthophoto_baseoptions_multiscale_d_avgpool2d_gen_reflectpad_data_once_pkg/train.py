import time

import torch
from torch.autograd import Variable

from options import TrainOptions
import networks
from losses import WGANLoss, cal_gradient_penalty

try:
    from apex import amp
    APEX_AVAILABLE = True
except ImportError:
    APEX_AVAILABLE = False


def fake_pair_loader(opt, n_batches):
    """Stand-in for the aligned dataset: A = survey-sheet line drawing, B = orthophoto tile."""
    for _ in range(n_batches):
        A = (torch.rand(opt.batchSize, opt.input_nc, opt.fineSize, opt.fineSize) > 0.9).float() * 2 - 1
        B = torch.rand(opt.batchSize, opt.output_nc, opt.fineSize, opt.fineSize) * 2 - 1
        yield {'A': A, 'B': B}


def main():
    opt = TrainOptions().parse()
    TrainOptions().print_options(opt)
    torch.manual_seed(0)

    netG = networks.define_G(opt.input_nc, opt.output_nc, opt.ngf, opt.norm, not opt.no_dropout, opt.n_blocks,
                             opt.gpu_ids)
    netD = networks.define_D(opt.input_nc + opt.output_nc, opt.ndf, opt.n_layers_D, opt.norm_D, opt.num_D,
                             opt.gpu_ids)
    print('critic scales: %d, layers per scale: %d' % (netD.module.num_D, netD.module.n_layers))

    optimizer_G = torch.optim.Adam(netG.parameters(), lr=opt.lr, betas=(opt.beta1, opt.beta2))
    optimizer_D = torch.optim.Adam(netD.parameters(), lr=opt.lr, betas=(opt.beta1, opt.beta2))
    if opt.use_amp and APEX_AVAILABLE:
        [netG, netD], [optimizer_G, optimizer_D] = amp.initialize([netG, netD], [optimizer_G, optimizer_D],
                                                                 opt_level='O1')
    criterionGAN = WGANLoss()
    criterionL1 = torch.nn.L1Loss()

    total_steps = 0
    for i, data in enumerate(fake_pair_loader(opt, opt.niter * opt.n_critic)):
        iter_start = time.time()
        real_A = Variable(data['A'])
        real_B = Variable(data['B'])
        fake_B = netG(real_A)

        # ---- critic ----
        optimizer_D.zero_grad()
        pred_fake = netD(torch.cat((real_A, fake_B.detach()), 1))
        pred_real = netD(torch.cat((real_A, real_B), 1))
        loss_D_fake = criterionGAN(pred_fake, False)
        loss_D_real = criterionGAN(pred_real, True)
        loss_gp, _ = cal_gradient_penalty(netD, real_A, real_B, fake_B, type=opt.gp_type,
                                          lambda_gp=opt.lambda_gp)
        loss_D = loss_D_fake + loss_D_real + loss_gp
        loss_D.backward()
        optimizer_D.step()
        total_steps += 1

        # ---- generator, every n_critic ----
        if total_steps % opt.n_critic == 0:
            optimizer_G.zero_grad()
            pred_fake = netD(torch.cat((real_A, fake_B), 1))
            loss_G_GAN = criterionGAN(pred_fake, True)
            loss_G_L1 = criterionL1(fake_B, real_B) * opt.lambda_L1
            loss_G = loss_G_GAN + loss_G_L1
            loss_G.backward()
            optimizer_G.step()
            if total_steps % opt.print_freq == 0:
                print('(iters: %d, time: %.3f) D: %.4f GP: %.4f G_GAN: %.4f G_L1: %.4f' % (
                    total_steps, time.time() - iter_start, loss_D.item(), float(loss_gp),
                    loss_G_GAN.item(), loss_G_L1.item()))


if __name__ == '__main__':
    main()
