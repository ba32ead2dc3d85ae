import argparse
import copy
import time

import numpy as np
import torch
from torch import optim

from configs import load_config
from models import generator_dict, discriminator_dict
from gan_training import Trainer, update_average

parser = argparse.ArgumentParser(description='Train a RaGAN-R1 on cyanotype photogram tiles.')
parser.add_argument('--no-cuda', action='store_true', help='Do not use cuda.')
parser.add_argument('--reg_param', type=float, default=None)
args = parser.parse_args()

config = load_config({'training': {'reg_param': args.reg_param}} if args.reg_param is not None else None)
is_cuda = (torch.cuda.is_available() and not args.no_cuda)
device = torch.device("cuda:0" if is_cuda else "cpu")
torch.manual_seed(0)
np.random.seed(0)

batch_size = config['training']['batch_size']
img_size = config['data']['img_size']
z_dim = config['z_dist']['dim']


def cyanotype_batch(n):
    """Prussian-blue ground with pale leaf/lace silhouettes (stand-in for the npy tile store)."""
    base = torch.tensor([0.10, 0.25, 0.55]).view(1, 3, 1, 1).expand(n, 3, img_size, img_size).clone()
    yy, xx = np.mgrid[0:img_size, 0:img_size] / float(img_size)
    for i in range(n):
        cx, cy, r = np.random.uniform(0.3, 0.7, 3) * np.array([1, 1, 0.5])
        mask = torch.from_numpy((((xx - cx) ** 2 + (yy - cy) ** 2) < r ** 2).astype(np.float32))
        base[i] += 0.7 * mask
    return (base.clamp(0, 1) * 2 - 1).to(device)


generator = generator_dict[config['generator']['name']](
    z_dim=z_dim, nlabels=config['data']['nlabels'], size=img_size, **config['generator']['kwargs'])
discriminator = discriminator_dict[config['discriminator']['name']](
    z_dim=z_dim, nlabels=config['data']['nlabels'], size=img_size, **config['discriminator']['kwargs'])
generator, discriminator = generator.to(device), discriminator.to(device)
if config['training']['take_model_average']:
    generator_test = copy.deepcopy(generator)
else:
    generator_test = generator

g_optimizer = optim.Adam(generator.parameters(), lr=config['training']['lr_g'],
                         betas=(config['training']['beta1'], config['training']['beta2']), eps=1e-8)
d_optimizer = optim.Adam(discriminator.parameters(), lr=config['training']['lr_d'],
                         betas=(config['training']['beta1'], config['training']['beta2']), eps=1e-8)

trainer = Trainer(generator, discriminator, g_optimizer, d_optimizer,
                  gan_type=config['training']['gan_type'],
                  reg_type=config['training']['reg_type'],
                  reg_param=config['training']['reg_param'])

it = 0
t0 = time.time()
while it < config['training']['n_iter']:
    it += 1
    x_real = cyanotype_batch(batch_size)
    z = torch.randn(batch_size, z_dim, device=device)
    dloss, reg = trainer.discriminator_trainstep(x_real, z)
    z = torch.randn(batch_size, z_dim, device=device)
    gloss = trainer.generator_trainstep(x_real, z)
    if config['training']['take_model_average']:
        update_average(generator_test, generator, beta=config['training']['model_average_beta'])
    if it % config['training']['print_every'] == 0:
        print('[it %4d] g_loss = %.4f, d_loss = %.4f, reg = %.4f (%.1fs)' % (it, gloss, dloss, reg, time.time() - t0))
