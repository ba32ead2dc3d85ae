import torch

from hyper import meta_objective
from models import DemandForecaster

model = DemandForecaster()
log_lrs = {n: torch.full((), -3.0, requires_grad=True) for n, _ in model.named_parameters()}
opt = torch.optim.Adam(list(model.parameters()) + list(log_lrs.values()), lr=1e-3)

for day in range(3):
    train_batch = (torch.randn(16, 10), torch.rand(16) * 50)
    val_batch = (torch.randn(16, 10), torch.rand(16) * 50)
    loss = meta_objective(model, log_lrs, train_batch, val_batch, second_order=True)
    opt.zero_grad()
    loss.backward()
    opt.step()
