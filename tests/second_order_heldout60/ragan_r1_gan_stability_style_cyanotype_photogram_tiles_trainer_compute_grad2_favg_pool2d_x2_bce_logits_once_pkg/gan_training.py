import torch
from torch.nn import functional as F
import torch.utils.data
import torch.utils.data.distributed
from torch import autograd


class Trainer(object):
    def __init__(self, generator, discriminator, g_optimizer, d_optimizer, gan_type, reg_type, reg_param):
        self.generator = generator
        self.discriminator = discriminator
        self.g_optimizer = g_optimizer
        self.d_optimizer = d_optimizer
        self.gan_type = gan_type
        self.reg_type = reg_type
        self.reg_param = reg_param

    def generator_trainstep(self, x_real, z):
        toggle_grad(self.generator, True)
        toggle_grad(self.discriminator, False)
        self.generator.train()
        self.discriminator.train()
        self.g_optimizer.zero_grad()
        x_fake = self.generator(z)
        d_fake = self.discriminator(x_fake)
        d_real = self.discriminator(x_real)
        gloss = self.compute_loss(d_fake, d_real, 1)
        gloss.backward()
        self.g_optimizer.step()
        return gloss.item()

    def discriminator_trainstep(self, x_real, z):
        toggle_grad(self.generator, False)
        toggle_grad(self.discriminator, True)
        self.generator.train()
        self.discriminator.train()
        self.d_optimizer.zero_grad()

        x_real.requires_grad_()
        d_real = self.discriminator(x_real)
        with torch.no_grad():
            x_fake = self.generator(z)
        d_fake = self.discriminator(x_fake)
        dloss = self.compute_loss(d_real, d_fake, 1)

        if self.reg_type == 'real':
            dloss.backward(retain_graph=True)
            reg = self.reg_param * compute_grad2(d_real, x_real).mean()
            reg.backward()
        elif self.reg_type == 'none':
            dloss.backward()
            reg = torch.tensor(0.)
        else:
            raise NotImplementedError
        self.d_optimizer.step()
        toggle_grad(self.discriminator, False)
        return dloss.item(), reg.item()

    def compute_loss(self, d_a, d_b, target):
        # relativistic average: is a more realistic than the average b?
        rel = d_a - d_b.mean()
        targets = d_a.new_full(size=d_a.size(), fill_value=target)
        if self.gan_type == 'relativistic_avg':
            loss = F.binary_cross_entropy_with_logits(rel, targets) + \
                F.binary_cross_entropy_with_logits(d_b - d_a.mean(), 1 - targets)
        elif self.gan_type == 'wgan':
            loss = (2 * target - 1) * (d_a.mean() - d_b.mean())
        else:
            raise NotImplementedError
        return loss


def toggle_grad(model, requires_grad):
    for p in model.parameters():
        p.requires_grad_(requires_grad)


def compute_grad2(d_out, x_in):
    batch_size = x_in.size(0)
    grad_dout = autograd.grad(
        outputs=d_out.sum(), inputs=x_in,
        create_graph=True, retain_graph=True, only_inputs=True
    )[0]
    grad_dout2 = grad_dout.pow(2)
    assert (grad_dout2.size() == x_in.size())
    reg = grad_dout2.view(batch_size, -1).sum(1)
    return reg


def update_average(model_tgt, model_src, beta):
    toggle_grad(model_src, False)
    toggle_grad(model_tgt, False)
    param_dict_src = dict(model_src.named_parameters())
    for p_name, p_tgt in model_tgt.named_parameters():
        p_src = param_dict_src[p_name]
        assert (p_src is not p_tgt)
        p_tgt.copy_(beta * p_tgt + (1. - beta) * p_src)
