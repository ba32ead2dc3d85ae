"""Online learning-rate tuning by hypergradients (two unrolled steps) for a solar-inverter fault classifier.

The inner SGD step is written once and used twice: with create_graph=True when the validation loss must be
differentiated w.r.t. the log learning rate, and plainly for the final refit."""
import torch
import torch.nn.functional as F

torch.manual_seed(0)
N_FEAT, N_HID, N_FAULTS = 10, 20, 3
UNROLL = 2


def net(params, x):
    w1, b1, w2, b2 = params
    return F.linear(F.relu6(F.linear(x, w1, b1)), w2, b2)


def inner_step(params, x, y, lr, create_graph):
    loss = F.cross_entropy(net(params, x), y)
    grads = torch.autograd.grad(loss, params, create_graph=create_graph)
    return [p - lr * g for p, g in zip(params, grads)]


params = [torch.randn(N_HID, N_FEAT) * 0.3, torch.zeros(N_HID), torch.randn(N_FAULTS, N_HID) * 0.3,
          torch.zeros(N_FAULTS)]
params = [p.requires_grad_() for p in params]
log_lr = torch.tensor(-2.0, requires_grad=True)
hyper_opt = torch.optim.Adam([log_lr], lr=0.05)

for it in range(3):
    x_tr, y_tr = torch.randn(32, N_FEAT), torch.randint(0, N_FAULTS, (32,))
    x_val, y_val = torch.randn(32, N_FEAT), torch.randint(0, N_FAULTS, (32,))
    new_params = params
    for k in range(UNROLL):
        new_params = inner_step(new_params, x_tr, y_tr, log_lr.exp(), create_graph=True)
    val_loss = F.cross_entropy(net(new_params, x_val), y_val)
    hyper_opt.zero_grad()
    val_loss.backward()
    hyper_opt.step()
    params = [p.detach().requires_grad_() for p in new_params]

x_all, y_all = torch.randn(64, N_FEAT), torch.randint(0, N_FAULTS, (64,))
params = inner_step(params, x_all, y_all, log_lr.exp().item(), create_graph=False)
