"""Option classes, pix2pix / CycleGAN style (BaseOptions -> TrainOptions)."""
import argparse
import os


class BaseOptions(object):
    def __init__(self):
        self.initialized = False

    def initialize(self, parser):
        parser.add_argument('--dataroot', type=str, default='./datasets/cadastral_ortho',
                            help='path to paired survey-sheet / orthophoto tiles')
        parser.add_argument('--name', type=str, default='cadastral2ortho_wgangp')
        parser.add_argument('--gpu_ids', type=str, default='-1', help='e.g. 0,1,2; -1 for CPU')
        parser.add_argument('--checkpoints_dir', type=str, default='./checkpoints')
        parser.add_argument('--input_nc', type=int, default=1, help='# of input channels (line drawing)')
        parser.add_argument('--output_nc', type=int, default=3, help='# of output channels (RGB ortho)')
        parser.add_argument('--ngf', type=int, default=8)
        parser.add_argument('--ndf', type=int, default=8)
        parser.add_argument('--n_blocks', type=int, default=2)
        parser.add_argument('--n_layers_D', type=int, default=3)
        parser.add_argument('--num_D', type=int, default=2, help='number of discriminator scales')
        parser.add_argument('--norm', type=str, default='instance', help='generator norm [instance|batch|none]')
        parser.add_argument('--norm_D', type=str, default='none', help='critic norm; WGAN-GP wants none')
        parser.add_argument('--no_dropout', action='store_true')
        parser.add_argument('--fineSize', type=int, default=32)
        parser.add_argument('--batchSize', type=int, default=2)
        parser.add_argument('--init_type', type=str, default='normal')
        return parser

    def gather_options(self):
        if not self.initialized:
            parser = argparse.ArgumentParser(formatter_class=argparse.ArgumentDefaultsHelpFormatter)
            parser = self.initialize(parser)
            self.initialized = True
        self.parser = parser
        return parser.parse_args()

    def print_options(self, opt):
        message = '----------------- Options ---------------\n'
        for k, v in sorted(vars(opt).items()):
            message += '{:>20}: {:<30}\n'.format(str(k), str(v))
        message += '----------------- End -------------------'
        print(message)

    def parse(self):
        opt = self.gather_options()
        opt.isTrain = self.isTrain
        str_ids = opt.gpu_ids.split(',')
        opt.gpu_ids = [int(s) for s in str_ids if int(s) >= 0]
        self.opt = opt
        return self.opt


class TrainOptions(BaseOptions):
    def initialize(self, parser):
        parser = BaseOptions.initialize(self, parser)
        parser.add_argument('--niter', type=int, default=3, help='# of iterations')
        parser.add_argument('--lr', type=float, default=1e-4)
        parser.add_argument('--beta1', type=float, default=0.5)
        parser.add_argument('--beta2', type=float, default=0.9)
        parser.add_argument('--n_critic', type=int, default=2)
        parser.add_argument('--lambda_gp', type=float, default=10.0)
        parser.add_argument('--gp_type', type=str, default='mixed', help='[real|fake|mixed]')
        parser.add_argument('--lambda_L1', type=float, default=100.0)
        parser.add_argument('--use_amp', action='store_true', help='apex mixed precision if available')
        parser.add_argument('--print_freq', type=int, default=1)
        self.isTrain = True
        return parser
