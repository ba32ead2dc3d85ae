import torch
import torch.nn.functional as F

from meta_layers import to_var
from models import build_model


def reweight_step(net, hyper, X, y, X_val, y_val, val_criterion):
    """One L2RW step (Ren et al. 2018): per-example weights from a look-ahead on the clean validation set."""
    meta_net = build_model(hyper)
    meta_net.load_state_dict(net.state_dict())

    y_f_hat = meta_net(X)
    cost = F.binary_cross_entropy_with_logits(y_f_hat, y, reduce=False)
    eps = to_var(torch.zeros(cost.size()))
    l_f_meta = torch.sum(cost * eps)

    meta_net.zero_grad()
    grads = torch.autograd.grad(l_f_meta, (meta_net.params()), create_graph=True)
    meta_net.update_params(hyper['lr'], source_params=grads)

    y_g_hat = meta_net(X_val)
    l_g_meta = val_criterion(y_g_hat, y_val)
    grad_eps = torch.autograd.grad(l_g_meta, eps, only_inputs=True)[0]

    w_tilde = torch.clamp(-grad_eps, min=0)
    norm_c = torch.sum(w_tilde)
    if norm_c != 0:
        w = w_tilde / norm_c
    else:
        w = w_tilde
    return w.data
