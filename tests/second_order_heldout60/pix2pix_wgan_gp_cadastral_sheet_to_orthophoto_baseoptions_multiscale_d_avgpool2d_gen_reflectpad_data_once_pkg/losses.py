import torch
import torch.nn as nn
from torch.autograd import Variable, grad


class WGANLoss(nn.Module):
    """Critic score averaged over every scale of a multiscale discriminator."""

    def __init__(self):
        super(WGANLoss, self).__init__()

    def __call__(self, preds, target_is_real):
        loss = 0
        for pred in preds:
            loss += -pred.mean() if target_is_real else pred.mean()
        return loss / len(preds)


def cal_gradient_penalty(netD, cond, real_data, fake_data, type='mixed', constant=1.0, lambda_gp=10.0):
    if lambda_gp <= 0.0:
        return 0.0, None
    if type == 'real':
        interpolatesv = real_data.data
    elif type == 'fake':
        interpolatesv = fake_data.data
    elif type == 'mixed':
        alpha = torch.rand(real_data.size(0), 1, 1, 1)
        alpha = alpha.expand(real_data.size())
        interpolatesv = alpha * real_data.data + ((1 - alpha) * fake_data.data)
    else:
        raise NotImplementedError('{} not implemented'.format(type))
    interpolatesv = Variable(interpolatesv, requires_grad=True)
    disc_interpolates = netD(torch.cat((cond, interpolatesv), 1))
    gradient_penalty = 0
    for out in disc_interpolates:
        gradients = grad(outputs=out, inputs=interpolatesv,
                         grad_outputs=torch.ones(out.size()),
                         create_graph=True, retain_graph=True, only_inputs=True)
        gradients = gradients[0].view(real_data.size(0), -1)
        gradient_penalty += (((gradients + 1e-16).norm(2, dim=1) - constant) ** 2).mean() * lambda_gp
    return gradient_penalty / len(disc_interpolates), gradients
